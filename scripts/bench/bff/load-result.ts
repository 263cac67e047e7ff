// What one load of `npm run bench:bff` is asked to do and what it answers (load.ts runs it): the
// same result for both loops, so the phases sum and compare them alike. The CPU window and the
// counting of answers are shared here too.
import { coreBusySeconds, cpuSeconds } from './proc.ts';

/** Where the load goes and what the generator watches while it runs. */
type LoadTarget = {
  /** The target's origin, `http://127.0.0.1:<port>`. */
  origin: string;
  /** Paths called in turn. */
  paths: string[];
  headers: Record<string, string>;
  /** Processes whose CPU time is read at the start and the end of the measured time (the proxy's). */
  cpuPids: number[];
  /** The kernel's clock rate for /proc's CPU times. */
  clockTicks: number;
  /** The proxy's core: how busy it was during the measured time is read too. */
  watchCore: number;
  /** Loopback source addresses the connections are spread over (0: the system's choice, 127.0.0.1). */
  sourceAddresses: number;
};

/** Closed loop: `connections` connections, each sending its next call as soon as the last is answered. */
export type ClosedPlan = {
  mode: 'closed';
  connections: number;
  /** Calls before the measured time, on connections of their own; nothing of them is counted. */
  warmupSeconds: number;
  seconds: number;
};

/** Open loop: a call due every 1/rate s on a clock, whether or not the earlier ones were answered. */
export type OpenPlan = {
  mode: 'open';
  /** Calls per second. */
  rate: number;
  /** The most connections opened (calls beyond wait for one, their clock running). */
  connections: number;
  /** Connections opened before the clock starts. */
  preconnect: number;
  warmupSeconds: number;
  seconds: number;
  /** After the last call is due: how long answers may take. */
  settleSeconds: number;
};

export type LoadPlan = ClosedPlan | OpenPlan;
export type LoadOptions = LoadTarget & LoadPlan;

export type LoadResult = {
  mode: LoadPlan['mode'];
  /** Calls due in the measured time (open); closed: the calls answered. */
  sent: number;
  /** Calls answered in the measured time, any status. */
  answered: number;
  /** Seconds of the measured time (open: from the first measured call's time to the last one's). */
  seconds: number;
  byStatus: Record<string, number>;
  /** 503 answers that carried Retry-After (open loop). */
  retryAfter: number;
  /** Connections cut before the answer ended, or refused, and calls timed out. */
  errors: number;
  /** Calls still unanswered when the settle time ran out (open loop). */
  unanswered: number;
  /** Latencies in µs, rounded: 2xx answers, 503 answers, every other status. */
  latencyUs: { ok: number[]; shed: number[]; other: number[] };
  /** Open: how late the generator's clock reached each call after its time, in µs (p50, p99, max). */
  lagUs: { p50: number; p99: number; max: number };
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

export function emptyResult(options: LoadOptions): LoadResult {
  return {
    mode: options.mode,
    sent: 0,
    answered: 0,
    seconds: 0,
    byStatus: {},
    retryAfter: 0,
    errors: 0,
    unanswered: 0,
    latencyUs: { ok: [], shed: [], other: [] },
    lagUs: { p50: 0, p99: 0, max: 0 },
    cpuSeconds: 0,
    targetCpuSeconds: 0,
    coreBusySeconds: 0,
    sourceAddresses: options.sourceAddresses,
    maxConnectionsPerAddress: 0,
    maxInFlightPerAddress: 0,
  };
}

/** One answer of the measured time: its status and its latency in µs. */
export function countAnswer(result: LoadResult, status: number, us: number, retryAfter: boolean) {
  result.answered++;
  const key = String(status);
  result.byStatus[key] = (result.byStatus[key] ?? 0) + 1;
  const rounded = Math.round(us);
  if (status >= 200 && status < 300) result.latencyUs.ok.push(rounded);
  else if (status === 503) {
    result.latencyUs.shed.push(rounded);
    if (retryAfter) result.retryAfter++;
  } else result.latencyUs.other.push(rounded);
}

/**
 * The measured time's CPU: the target's processes and the proxy's core, read when it starts and
 * when it ends; and this generator's own CPU over the whole run.
 */
export function cpuWindow(options: LoadOptions) {
  const now = () => ({
    target: cpuSeconds(options.cpuPids, options.clockTicks),
    core: coreBusySeconds(options.watchCore, options.clockTicks),
  });
  const ownStart = process.cpuUsage();
  let from = now();
  return {
    starts() {
      from = now();
    },
    ends(result: LoadResult) {
      const to = now();
      result.targetCpuSeconds = to.target - from.target;
      result.coreBusySeconds = to.core - from.core;
    },
    /** At the very end: the generator's own CPU, warm-up and settling included. */
    runEnds(result: LoadResult) {
      const own = process.cpuUsage(ownStart);
      result.cpuSeconds = (own.user + own.system) / 1e6;
    },
  };
}
