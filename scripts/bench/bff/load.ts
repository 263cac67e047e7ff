// The load generator of `npm run bench:bff`, run as its own process on the load's core (bundled by
// scripts/bench/bff/bundle.ts; `node .bench/build/load.mjs '<json options>'`, one JSON line out).
//
// - open: a call is due every 1/rate s on a clock, whether or not the earlier ones were answered.
//   Each call's latency runs from its scheduled time, not from when it left: a generator that runs
//   late, or calls that wait for a free connection, count against the server (no coordinated
//   omission). The clock is read on a 1 ms timer; every call whose time has come is sent then, so a
//   call leaves up to about a millisecond after its time (the lag, reported) and that is part of its
//   latency, through a proxy and directly alike.
// - closed: `connections` connections, each sending its next call as soon as the last one is answered
//   (the most the target carries at that concurrency).
//
// Plain sockets and a minimal reader of the answers (http-answers.ts): a general client would spend
// the load core's time, which the stub backend shares. GET only, keep-alive, no pipelining.
//
// Many shoppers, not one: with `sourceAddresses` set, each connection is bound to one of that many
// loopback addresses (addresses.ts), opened on the address with the fewest, and a call takes the
// connection idle the longest, so calls rotate over the addresses; the most connections and calls in
// flight any one address had are reported.
import net from 'node:net';
import { nextAddress, sourceAddress } from './addresses.ts';
import { type Answer, AnswerReader } from './http-answers.ts';
import { coreBusySeconds, cpuSeconds } from './proc.ts';

export type LoadOptions = {
  /** The target's origin, `http://127.0.0.1:<port>`. */
  origin: string;
  /** Paths called in turn. */
  paths: string[];
  headers: Record<string, string>;
  mode: 'open' | 'closed';
  /** Calls per second (open). */
  rate: number;
  /** Closed: the connections. Open: the most opened (calls beyond wait for one, their clock running). */
  connections: number;
  /** Connections opened before the clock starts (open). */
  preconnect: number;
  warmupSeconds: number;
  seconds: number;
  /** After the last call is due (open) or the measured time is over (closed): how long answers may take. */
  settleSeconds: number;
  /** Processes whose CPU time is read at the start and the end of the measured time (the proxy's). */
  cpuPids: number[];
  /** The kernel's clock rate for /proc's CPU times. */
  clockTicks: number;
  /** The proxy's core: how busy it was during the measured time is read too. */
  watchCore: number;
  /** Loopback source addresses the connections are spread over (0: the system's choice, 127.0.0.1). */
  sourceAddresses: number;
};

export type LoadResult = {
  mode: LoadOptions['mode'];
  /** Calls due (open) or sent (closed) in the measured time. */
  sent: number;
  /** Calls answered in the measured time, any status. */
  answered: number;
  /** Calls answered in the whole run, warm-up included. */
  answeredAll: number;
  /** Seconds of the measured time (open: from the first measured call's time to the last one's). */
  seconds: number;
  byStatus: Record<string, number>;
  /** 503 answers that carried Retry-After. */
  retryAfter: number;
  /** Connections cut before the answer ended, or refused. */
  errors: number;
  /** Calls still unanswered when the settle time ran out. */
  unanswered: number;
  /** Latencies in µs, rounded: 2xx answers, 503 answers, every other status. */
  latencyUs: { ok: number[]; shed: number[]; other: number[] };
  /** Open: how late the generator's clock reached each call after its time, in µs (p50, p99, max). */
  lagUs: { p50: number; p99: number; max: number };
  connectionsOpened: number;
  /** CPU seconds this generator used during the whole run (its core is shared with the stub). */
  cpuSeconds: number;
  /** CPU seconds `cpuPids` used during the measured time. */
  targetCpuSeconds: number;
  /** Seconds `watchCore` was busy during the measured time, whoever used it. */
  coreBusySeconds: number;
  /** Source addresses used (0: one, the system's). */
  sourceAddresses: number;
  /** The most connections open at once from one source address. */
  maxConnectionsPerAddress: number;
  /** The most calls sent and not yet answered at once from one source address. */
  maxInFlightPerAddress: number;
};

type Call = { due: number; sentAt: number; path: number; recorded: boolean };

type Connection = {
  socket: net.Socket;
  reader: AnswerReader;
  call: Call | undefined;
  alive: boolean;
  /** Index of its source address (0 when none is bound). */
  address: number;
};

function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const target = new URL(options.origin);
  const port = Number(target.port);
  const host = target.hostname;
  const headerLines = Object.entries({ host: target.host, ...options.headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requests = options.paths.map((path) => Buffer.from(`GET ${path} HTTP/1.1\r\n${headerLines}\r\n`));

  const result: LoadResult = {
    mode: options.mode,
    sent: 0,
    answered: 0,
    answeredAll: 0,
    seconds: 0,
    byStatus: {},
    retryAfter: 0,
    errors: 0,
    unanswered: 0,
    latencyUs: { ok: [], shed: [], other: [] },
    lagUs: { p50: 0, p99: 0, max: 0 },
    connectionsOpened: 0,
    cpuSeconds: 0,
    targetCpuSeconds: 0,
    coreBusySeconds: 0,
    sourceAddresses: options.sourceAddresses,
    maxConnectionsPerAddress: 0,
    maxInFlightPerAddress: 0,
  };
  const addressCount = Math.max(1, options.sourceAddresses);
  const openByAddress = new Array<number>(addressCount).fill(0);
  const inFlightByAddress = new Array<number>(addressCount).fill(0);
  let lastAddress = -1;
  const cpuNow = () => ({
    target: cpuSeconds(options.cpuPids, options.clockTicks),
    core: coreBusySeconds(options.watchCore, options.clockTicks),
  });
  let cpuFrom = { target: 0, core: 0 };
  const cpuWindowEnds = () => {
    const now = cpuNow();
    result.targetCpuSeconds = now.target - cpuFrom.target;
    result.coreBusySeconds = now.core - cpuFrom.core;
  };
  const cpuStart = process.cpuUsage();
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
  /** Calls due and not sent yet (open: no free connection). A queue with a moving head. */
  const waiting: Call[] = [];
  let waitingHead = 0;
  let inFlight = 0;
  /** Connections opened and not connected yet. */
  let connecting = 0;
  let running = true;
  /** Closed: answers count only between these. */
  let measureFrom = Number.POSITIVE_INFINITY;
  let measureTo = Number.POSITIVE_INFINITY;
  let nextPath = 0;
  let settled: (() => void) | undefined;

  const record = (call: Call, answer: Answer | undefined, at: number, address: number) => {
    inFlight--;
    inFlightByAddress[address] = (inFlightByAddress[address] ?? 1) - 1;
    if (answer) result.answeredAll++;
    const counts = options.mode === 'open' ? call.recorded : call.sentAt >= measureFrom && at <= measureTo;
    if (counts) {
      if (!answer) result.errors++;
      else {
        result.answered++;
        const key = String(answer.status);
        result.byStatus[key] = (result.byStatus[key] ?? 0) + 1;
        const from = options.mode === 'open' ? call.due : call.sentAt;
        const us = Math.round((at - from) * 1000);
        if (answer.status >= 200 && answer.status < 300) result.latencyUs.ok.push(us);
        else if (answer.status === 503) {
          result.latencyUs.shed.push(us);
          if (answer.retryAfter) result.retryAfter++;
        } else result.latencyUs.other.push(us);
      }
    }
    if (inFlight === 0 && settled) settled();
  };

  const send = (connection: Connection, call: Call) => {
    connection.call = call;
    call.sentAt = performance.now();
    const sending = (inFlightByAddress[connection.address] ?? 0) + 1;
    inFlightByAddress[connection.address] = sending;
    if (sending > result.maxInFlightPerAddress) result.maxInFlightPerAddress = sending;
    connection.socket.write(requests[call.path] as Buffer);
  };

  const newCall = (due: number, recorded: boolean): Call => {
    const call = { due, sentAt: 0, path: nextPath, recorded };
    nextPath = (nextPath + 1) % requests.length;
    inFlight++;
    return call;
  };

  /** A connection is free: it takes the next waiting call, a new one (closed) or waits. */
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
    } else if (options.mode === 'closed' && running) {
      const now = performance.now();
      if (now >= measureFrom && now < measureTo) result.sent++;
      send(connection, newCall(now, false));
    } else idle.push(connection);
  };

  const open = () => {
    result.connectionsOpened++;
    const address = options.sourceAddresses > 0 ? nextAddress(openByAddress, lastAddress) : 0;
    lastAddress = address;
    const opened = (openByAddress[address] ?? 0) + 1;
    openByAddress[address] = opened;
    if (opened > result.maxConnectionsPerAddress) result.maxConnectionsPerAddress = opened;
    const socket = net.connect(
      options.sourceAddresses > 0 ? { host, port, localAddress: sourceAddress(address) } : { host, port },
    );
    socket.setNoDelay(true);
    const connection: Connection = {
      socket,
      reader: new AnswerReader(),
      call: undefined,
      alive: true,
      address,
    };
    connections.add(connection);
    connecting++;
    let connected = false;
    const drop = () => {
      if (!connection.alive) return;
      connection.alive = false;
      openByAddress[address] = (openByAddress[address] ?? 1) - 1;
      if (!connected) connecting--;
      connections.delete(connection);
      const index = idle.indexOf(connection, idleHead);
      if (index >= 0) idle.splice(index, 1);
      const call = connection.call;
      connection.call = undefined;
      if (call) record(call, connection.reader.end(), performance.now(), address);
      socket.destroy();
      // Closed: the connection is replaced. Open: whatever waits gets a fresh one.
      if (options.mode === 'closed') {
        if (running) open();
      } else if (waitingHead < waiting.length) maybeOpen();
    };
    socket.on('connect', () => {
      connected = true;
      connecting--;
      free(connection);
    });
    socket.on('data', (chunk: Buffer) => {
      const at = performance.now();
      let answers: Answer[];
      try {
        answers = connection.reader.feed(chunk);
      } catch {
        drop();
        return;
      }
      for (const answer of answers) {
        const call = connection.call;
        if (!call) continue;
        connection.call = undefined;
        record(call, answer, at, address);
        if (answer.close) {
          drop();
          return;
        }
        free(connection);
      }
    });
    socket.on('error', drop);
    socket.on('close', drop);
    return connection;
  };

  /** Open: a new connection when calls wait and the cap allows one. */
  const maybeOpen = () => {
    if (waiting.length - waitingHead > connecting && connections.size < options.connections) open();
  };

  const clockStart = async () => {
    if (options.mode === 'closed') {
      for (let i = 0; i < options.connections; i++) open();
      const start = performance.now();
      measureFrom = start + options.warmupSeconds * 1000;
      measureTo = measureFrom + options.seconds * 1000;
      await new Promise((resolve) => setTimeout(resolve, measureFrom - start));
      cpuFrom = cpuNow();
      await new Promise((resolve) => setTimeout(resolve, measureTo - performance.now()));
      cpuWindowEnds();
      running = false;
      result.seconds = (measureTo - measureFrom) / 1000;
      return;
    }
    // Open loop: connections first, so the first calls do not pay for them.
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
    cpuFrom = cpuNow();
    const start = performance.now();
    let due = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        const until = Math.min(total, Math.floor((now - start) / interval) + 1);
        if (due < warmup && until >= warmup) cpuFrom = cpuNow();
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
          cpuWindowEnds();
          clearInterval(timer);
          resolve();
        }
      };
      const timer = setInterval(tick, 1);
    });
    running = false;
    result.sent = total - warmup;
    result.seconds = ((total - warmup) * interval) / 1000;
  };

  await clockStart();
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
  // Open: every call still waiting or in flight was due in the measured time or the warm-up.
  for (const connection of [...connections]) {
    connection.alive = false;
    const call = connection.call;
    if (call && (options.mode === 'open' ? call.recorded : false)) result.unanswered++;
    connection.socket.destroy();
  }
  for (let i = waitingHead; i < waiting.length; i++) {
    if (waiting[i]?.recorded) result.unanswered++;
  }
  lags.sort((a, b) => a - b);
  result.lagUs = { p50: percentile(lags, 0.5), p99: percentile(lags, 0.99), max: lags.at(-1) ?? 0 };
  const cpu = process.cpuUsage(cpuStart);
  result.cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return result;
}

// Run as a process: the options in argv, the result on stdout.
if (process.argv[2]) {
  const result = await runLoad(JSON.parse(process.argv[2]) as LoadOptions);
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
}
