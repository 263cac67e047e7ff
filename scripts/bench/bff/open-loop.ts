// The open loop of `npm run bench:bff` ((a)'s fixed rate, (c)'s spike, (d)'s replicas): a call is due
// every 1/rate s on a clock, whether or not the earlier ones were answered. Hand-written because
// autocannon has no open loop: its `overallRate` gives each connection a quota per second, sent at
// once and each call only after the last one's answer, so calls bunch at each second's start and a
// slow answer holds back the calls behind it without their wait being counted.
//
// - Each call's latency runs from its scheduled time, not from when it left: a generator that runs
//   late, or calls that wait for a free connection, count against the server (no coordinated
//   omission). The clock is read on a 1 ms timer; every call whose time has come is sent then, so a
//   call leaves up to about a millisecond after its time (the lag, reported) and that is part of its
//   latency, through a proxy and directly alike.
// - Plain sockets, GET only, keep-alive, no pipelining; the answers are read by http-parser-js, the
//   parser autocannon's client uses (a general client such as undici would spend the load core's
//   time, which the stub backend shares).
// - Many shoppers, not one: with `sourceAddresses` set, each connection is bound to one of that many
//   loopback addresses (addresses.ts), opened on the address with the fewest, and a call takes the
//   connection idle the longest, so calls rotate over the addresses; the most connections and calls
//   in flight any one address had are reported.
import net from 'node:net';
import { HTTPParser } from 'http-parser-js';
import { addressBook, sourceAddress } from './addresses.ts';
import {
  countAnswer,
  cpuWindow,
  emptyResult,
  type LoadOptions,
  type LoadResult,
  type OpenPlan,
} from './load-result.ts';

type Call = { due: number; path: number; recorded: boolean };

type Connection = {
  socket: net.Socket;
  parser: InstanceType<typeof HTTPParser>;
  call: Call | undefined;
  /** The answer being read: its status, Retry-After, whether the connection stays, when its bytes came. */
  status: number;
  retryAfter: boolean;
  keepAlive: boolean;
  at: number;
  alive: boolean;
  /** Index of its source address (0 when none is bound). */
  address: number;
};

function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

export async function runOpenLoop(options: LoadOptions & OpenPlan): Promise<LoadResult> {
  const target = new URL(options.origin);
  const port = Number(target.port);
  const host = target.hostname;
  const headerLines = Object.entries({ host: target.host, ...options.headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requests = options.paths.map((path) => Buffer.from(`GET ${path} HTTP/1.1\r\n${headerLines}\r\n`));

  const result = emptyResult(options);
  const book = addressBook(options.sourceAddresses);
  const cpu = cpuWindow(options);
  const lags: number[] = [];
  const connections = new Set<Connection>();
  /** Idle connections, the longest idle first (a queue with a moving head). */
  const idle: Connection[] = [];
  let idleHead = 0;
  const takeIdle = (): Connection | undefined => {
    if (idleHead >= idle.length) return undefined;
    const connection = idle[idleHead++];
    if (idleHead > 1024 && idleHead * 2 > idle.length) {
      idle.splice(0, idleHead);
      idleHead = 0;
    }
    return connection;
  };
  /** Calls due and not sent yet (no free connection). A queue with a moving head. */
  const waiting: Call[] = [];
  let waitingHead = 0;
  let inFlight = 0;
  /** Connections opened and not connected yet. */
  let connecting = 0;
  let nextPath = 0;
  let settled: (() => void) | undefined;

  const record = (connection: Connection, call: Call, answered: boolean) => {
    inFlight--;
    book.answered(connection.address);
    if (call.recorded) {
      if (answered) {
        countAnswer(result, connection.status, (connection.at - call.due) * 1000, connection.retryAfter);
      } else result.errors++;
    }
    if (inFlight === 0 && settled) settled();
  };

  const send = (connection: Connection, call: Call) => {
    connection.call = call;
    book.sent(connection.address);
    connection.socket.write(requests[call.path] as Buffer);
  };

  const newCall = (due: number, recorded: boolean): Call => {
    const call = { due, path: nextPath, recorded };
    nextPath = (nextPath + 1) % requests.length;
    inFlight++;
    return call;
  };

  /** A connection is free: it takes the next waiting call or waits. */
  const free = (connection: Connection) => {
    if (!connection.alive) return;
    if (waitingHead < waiting.length) {
      const call = waiting[waitingHead] as Call;
      waiting[waitingHead++] = undefined as unknown as Call;
      if (waitingHead > 4096 && waitingHead * 2 > waiting.length) {
        waiting.splice(0, waitingHead);
        waitingHead = 0;
      }
      send(connection, call);
    } else idle.push(connection);
  };

  const open = () => {
    const address = book.open();
    const socket = net.connect(
      options.sourceAddresses > 0 ? { host, port, localAddress: sourceAddress(address) } : { host, port },
    );
    socket.setNoDelay(true);
    const parser = new HTTPParser(HTTPParser.RESPONSE);
    const connection: Connection = {
      socket,
      parser,
      call: undefined,
      status: 0,
      retryAfter: false,
      keepAlive: true,
      at: 0,
      alive: true,
      address,
    };
    connections.add(connection);
    connecting++;
    let connected = false;
    const drop = () => {
      if (!connection.alive) return;
      connection.alive = false;
      book.closed(address);
      if (!connected) connecting--;
      connections.delete(connection);
      const index = idle.indexOf(connection, idleHead);
      if (index >= 0) idle.splice(index, 1);
      // An answer without a length ends with the connection; any other is cut off.
      if (connection.call) {
        connection.at = performance.now();
        parser.finish();
      }
      const call = connection.call;
      connection.call = undefined;
      if (call) record(connection, call, false);
      socket.destroy();
      // Whatever waits gets a fresh connection.
      if (waitingHead < waiting.length) maybeOpen();
    };
    parser[HTTPParser.kOnHeadersComplete] = (info) => {
      connection.status = info.statusCode;
      connection.keepAlive = info.shouldKeepAlive;
      connection.retryAfter = false;
      if (info.statusCode !== 503) return;
      for (let i = 0; i < info.headers.length; i += 2) {
        if (info.headers[i]?.toLowerCase() === 'retry-after') connection.retryAfter = true;
      }
    };
    parser[HTTPParser.kOnMessageComplete] = () => {
      const call = connection.call;
      connection.call = undefined;
      if (!call) return;
      record(connection, call, true);
      if (connection.keepAlive) free(connection);
      else drop();
    };
    socket.on('connect', () => {
      connected = true;
      connecting--;
      free(connection);
    });
    socket.on('data', (chunk: Buffer) => {
      connection.at = performance.now();
      if (parser.execute(chunk) instanceof Error) drop();
    });
    socket.on('error', drop);
    socket.on('close', drop);
    return connection;
  };

  /** A new connection when calls wait and the cap allows one. */
  const maybeOpen = () => {
    if (waiting.length - waitingHead > connecting && connections.size < options.connections) open();
  };

  // Connections first, so the first calls do not pay for them.
  const ready = Array.from({ length: Math.min(options.preconnect, options.connections) }, () => open());
  await Promise.all(
    ready.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (!c.socket.connecting) resolve();
          c.socket.once('connect', () => resolve());
          c.socket.once('close', () => resolve());
        }),
    ),
  );
  const interval = 1000 / options.rate;
  const warmup = Math.round(options.rate * options.warmupSeconds);
  const total = warmup + Math.round(options.rate * options.seconds);
  cpu.starts();
  const start = performance.now();
  let due = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const until = Math.min(total, Math.floor((now - start) / interval) + 1);
      if (due < warmup && until >= warmup) cpu.starts();
      while (due < until) {
        const call = newCall(start + due * interval, due >= warmup);
        // How late the clock reached this call (not counting a wait for a free connection).
        if (call.recorded) lags.push(Math.round((now - call.due) * 1000));
        due++;
        const connection = takeIdle();
        if (connection) send(connection, call);
        else {
          waiting.push(call);
          maybeOpen();
        }
      }
      if (due >= total) {
        cpu.ends(result);
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(tick, 1);
  });
  result.sent = total - warmup;
  result.seconds = ((total - warmup) * interval) / 1000;

  // Answers still coming get the settle time; what never comes is counted.
  if (inFlight > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.settleSeconds * 1000);
      settled = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  settled = undefined;
  // Every call still waiting or in flight was due in the measured time or the warm-up.
  for (const connection of [...connections]) {
    connection.alive = false;
    if (connection.call?.recorded) result.unanswered++;
    connection.socket.destroy();
  }
  for (let i = waitingHead; i < waiting.length; i++) {
    if (waiting[i]?.recorded) result.unanswered++;
  }
  lags.sort((a, b) => a - b);
  result.lagUs = { p50: percentile(lags, 0.5), p99: percentile(lags, 0.99), max: lags.at(-1) ?? 0 };
  result.maxConnectionsPerAddress = book.most.connections;
  result.maxInFlightPerAddress = book.most.inFlight;
  cpu.runEnds(result);
  return result;
}
