// The closed loop of `npm run bench:bff` (warm-ups, (b)'s calls per second, (c)'s probe, the CPU
// profile): autocannon, `connections` connections each sending its next call as soon as the last one
// is answered, the paths in turn; the calls sent in the warm-up are not counted. Each answer's status and
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
  // One run, warm-up and measured time on the same connections: a warm-up on connections of its own
  // would leave its last calls in the proxy's count of calls in flight as the measured ones start.
  let measureFrom = Number.POSITIVE_INFINITY;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.origin,
        requests: options.paths.map((path) => ({ method: 'GET', path })),
        headers: options.headers,
        connections: options.connections,
        duration: options.warmupSeconds + options.seconds,
        // A run ends on the first sample after its duration: samples every 0.1 s keep it that close.
        sampleInt: 100,
      },
      (error) => (error ? reject(error) : resolve()),
    );
    instance.on('start', () => {
      setTimeout(() => {
        measureFrom = performance.now();
        cpu.starts();
      }, options.warmupSeconds * 1000);
    });
    // Counted: the calls sent in the measured time (their answers come before the run ends).
    instance.on('response', (_client, status, _bytes, ms) => {
      if (performance.now() - ms >= measureFrom) countAnswer(result, status, ms * 1000, false);
    });
    // A connection refused or cut, or a call timed out (autocannon then opens a new connection).
    instance.on('reqError', () => {
      if (performance.now() >= measureFrom) result.errors++;
    });
  });
  cpu.ends(result);
  result.seconds = Math.max(0, (performance.now() - measureFrom) / 1000);
  result.sent = result.answered;
  // One call at a time per connection: the most in flight on one address is its connections.
  result.maxConnectionsPerAddress = book.most.connections;
  result.maxInFlightPerAddress = book.most.connections;
  cpu.runEnds(result);
  return result;
}
