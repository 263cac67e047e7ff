// The closed loop of `npm run bench:bff` (warm-ups, (b)'s calls per second, (c)'s probe, the CPU
// profile): autocannon, `connections` connections each sending its next call as soon as the last one
// is answered, the paths in turn, after a warm-up run on connections of its own. Each answer's status and
// time (from hrtime) come from its `response` event: autocannon's own percentiles are in whole
// milliseconds, too coarse for a proxy that adds tenths of one, and the phases pool every round's
// calls before they take percentiles.
import net from 'node:net';
import autocannon from 'autocannon';
import { type AddressBook, addressBook, sourceAddress } from './addresses.ts';
import {
  type ClosedPlan,
  countAnswer,
  cpuWindow,
  emptyResult,
  type LoadOptions,
  type LoadResult,
} from './load-result.ts';

/**
 * autocannon has no option for a source address: its clients open every connection with
 * `net.connect(port, host)`. In this process, which runs nothing else, that call then binds each
 * new connection to the next source address (addresses.ts), and counts it open until it closes.
 */
function bindConnections(book: AddressBook) {
  const connect = net.connect;
  const bound = (port: number, host: string) => {
    const address = book.open();
    const socket = connect({ port, host, localAddress: sourceAddress(address) });
    socket.once('close', () => book.closed(address));
    return socket;
  };
  Object.assign(net, { connect: bound });
}

export async function runClosedLoop(options: LoadOptions & ClosedPlan): Promise<LoadResult> {
  const result = emptyResult(options);
  const book = addressBook(options.sourceAddresses);
  if (options.sourceAddresses > 0) bindConnections(book);
  const cpu = cpuWindow(options);
  const settings: autocannon.Options = {
    url: options.origin,
    requests: options.paths.map((path) => ({ method: 'GET', path })),
    headers: options.headers,
    connections: options.connections,
    // A run ends on the first sample after its duration: samples every 0.1 s keep it that close.
    sampleInt: 100,
  };
  const run = (seconds: number, measured: boolean) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ ...settings, duration: seconds }, (error, done) =>
        error ? reject(error) : resolve(done),
      );
      if (!measured) return;
      instance.on('start', () => cpu.starts());
      instance.on('response', (_client, status, _bytes, ms) => countAnswer(result, status, ms * 1000, false));
    });
  if (options.warmupSeconds > 0) await run(options.warmupSeconds, false);
  const done = await run(options.seconds, true);
  cpu.ends(result);
  result.sent = done.requests.sent;
  result.seconds = done.duration;
  result.errors = done.errors;
  // One call at a time per connection: the most in flight on one address is its connections.
  result.maxConnectionsPerAddress = book.most.connections;
  result.maxInFlightPerAddress = book.most.connections;
  cpu.runEnds(result);
  return result;
}
