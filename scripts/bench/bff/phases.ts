// The three measurements of `npm run bench:bff`, each returning figures ready to print and to write:
// (a) latency at a fixed rate, open loop; (b) calls per second, closed loop, and the CPU each call
// costs the proxy; (c) overload of the BFF over a slow stub (nginx and the bare Node proxy beside it
// for contrast). Every load runs as its own process on the load's core (load.ts): the closed loops
// are autocannon's, the open loops a clock of the bench's own (open-loop.ts says why).
import { helperFile } from './bundle.ts';
import type { LoadOptions, LoadPlan, LoadResult } from './load-result.ts';
import { cpuSeconds, residentMb } from './proc.ts';
import { launch, runToEnd, throwIfCrashed } from './processes.ts';
import { CALL_HEADERS, CALL_PATHS, LOAD_CORE, PROXY_CORE, type Profile } from './settings.ts';
import { readShedReasons, type ShedReasons, shedBetween } from './shed-reasons.ts';
import type { Target, TargetKey } from './targets.ts';

export type Latency = { count: number; p50Ms: number; p99Ms: number; p999Ms: number; maxMs: number };

/** Percentiles of latencies in µs, in ms (nearest rank). */
export function latency(us: readonly number[]): Latency {
  const sorted = Float64Array.from(us).sort();
  const at = (q: number) =>
    sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
  const ms = (value: number) => Math.round(value) / 1000;
  return {
    count: sorted.length,
    p50Ms: ms(at(0.5)),
    p99Ms: ms(at(0.99)),
    p999Ms: ms(at(0.999)),
    maxMs: ms(sorted.at(-1) ?? 0),
  };
}

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The median of some figures (the mean of the middle two for an even count; 0 for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Added p99 round by round: each round's p99 through the proxy minus the stub's p99 directly in the
 * same round (so the machine's drift between rounds falls on both), and their median.
 */
export function addedByRound(
  proxyP99Ms: readonly number[],
  directP99Ms: readonly number[],
): { rounds: number[]; medianMs: number } {
  const rounds = proxyP99Ms.map((p99, i) => round(p99 - (directP99Ms[i] ?? 0)));
  return { rounds, medianMs: round(median(rounds)) };
}

const sum = (results: readonly LoadResult[], of: (r: LoadResult) => number) =>
  results.reduce((total, r) => total + of(r), 0);

const non2xx = (r: LoadResult) =>
  Object.entries(r.byStatus).reduce((n, [status, count]) => (status.startsWith('2') ? n : n + count), 0);

/**
 * How much of the proxy's core other processes used while measured, in % (this machine's other work:
 * the pinning keeps the benchmark's own processes off that core, not everybody's).
 */
function othersOnProxyCore(target: Target, results: readonly LoadResult[]): number {
  const seconds = sum(results, (r) => r.seconds);
  const own = target.key === 'direct' ? 0 : sum(results, (r) => r.targetCpuSeconds);
  const others = sum(results, (r) => r.coreBusySeconds) - own;
  return seconds > 0 ? Math.min(100, Math.max(0, Math.round((100 * others) / seconds))) : 0;
}

let clockTicks = 100;
export function setClockTicks(ticks: number) {
  clockTicks = ticks;
}

/** Loopback source addresses every load spreads its connections over (addresses.ts). */
let sourceAddresses = 0;
export function setSourceAddresses(count: number) {
  sourceAddresses = count;
}

/** One load against a target, in its own process on the load's core. */
export async function runLoadOn(target: Target, plan: LoadPlan): Promise<LoadResult> {
  const full: LoadOptions = {
    origin: target.origin,
    paths: CALL_PATHS,
    headers: CALL_HEADERS,
    cpuPids: target.pids,
    clockTicks,
    watchCore: Number(PROXY_CORE),
    sourceAddresses,
    ...plan,
  };
  const entry = launch(
    `load on ${target.label}`,
    process.execPath,
    [helperFile('load'), JSON.stringify(full)],
    {
      core: LOAD_CORE,
      stdout: 'pipe',
      server: false,
    },
  );
  const out = await runToEnd(entry);
  throwIfCrashed();
  return JSON.parse(out) as LoadResult;
}

/** Waits (up to `ms`) until the processes use under a tenth of a core: the last load's backlog is done. */
export async function waitQuiet(pids: readonly number[], ms: number) {
  const until = Date.now() + ms;
  let before = cpuSeconds(pids, clockTicks);
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuSeconds(pids, clockTicks);
    if (now - before < 0.025) return;
    before = now;
  }
}

/** Closed-loop load on each proxy until V8 has optimised its code; nothing recorded. */
export async function warmUp(targets: readonly Target[], profile: Profile) {
  for (const target of targets) {
    if (target.key === 'direct') continue;
    await runLoadOn(target, {
      mode: 'closed',
      connections: profile.throughput.connections,
      warmupSeconds: 0,
      seconds: profile.warmupSeconds,
    });
  }
}

/** Runs `one` on every target, round after round, so the machine's drift falls on all alike. */
async function inTurns(
  targets: readonly Target[],
  rounds: number,
  one: (target: Target) => Promise<LoadResult>,
): Promise<Map<Target, LoadResult[]>> {
  const slices = new Map<Target, LoadResult[]>(targets.map((t) => [t, []]));
  for (let r = 0; r < rounds; r++) {
    for (const target of targets) slices.get(target)?.push(await one(target));
  }
  return slices;
}

export type LatencyRow = {
  target: TargetKey;
  label: string;
  sent: number;
  answered2xx: number;
  non2xx: number;
  errors: number;
  latency: Latency;
  /** Through the proxy minus directly, in ms (null for `direct`), every round's calls together. */
  addedP50Ms: number | null;
  addedP99Ms: number | null;
  /** Each round's p99, in ms. */
  roundP99Ms: number[];
  /** Each round's added p99 (this round's p99 − the stub's directly in the same round), and their median. */
  addedP99RoundsMs: number[] | null;
  addedP99MedianMs: number | null;
  /** The most calls in flight from one source address in any round. */
  maxInFlightPerAddress: number;
  /** The proxy's CPU per 1,000 calls at this rate, in ms (the stub's for `direct`). */
  cpuMsPer1000: number;
  /** The generator: how late calls left after their time (worst slice's p99), in ms. */
  lagP99Ms: number;
  /** Other processes' use of the proxy's core while measured, in % of it. */
  othersOnProxyCorePercent: number;
};

/** (a) Open loop at the profile's fixed rate, in turns; added latency against the stub directly. */
export async function measureLatency(targets: readonly Target[], profile: Profile): Promise<LatencyRow[]> {
  const { rate, rounds, seconds, warmupSeconds, connections } = profile.latency;
  const slices = await inTurns(targets, rounds, (target) =>
    runLoadOn(target, {
      mode: 'open',
      rate,
      connections,
      preconnect: 16,
      warmupSeconds,
      seconds,
      settleSeconds: 5,
    }),
  );
  const rows = targets.map((target): LatencyRow => {
    const results = slices.get(target) ?? [];
    const answered = sum(results, (r) => r.answered);
    return {
      target: target.key,
      label: target.label,
      sent: sum(results, (r) => r.sent),
      answered2xx: sum(results, (r) => r.latencyUs.ok.length),
      non2xx: sum(results, non2xx),
      errors: sum(results, (r) => r.errors + r.unanswered),
      latency: latency(results.flatMap((r) => r.latencyUs.ok)),
      addedP50Ms: null,
      addedP99Ms: null,
      roundP99Ms: results.map((r) => latency(r.latencyUs.ok).p99Ms),
      addedP99RoundsMs: null,
      addedP99MedianMs: null,
      maxInFlightPerAddress: Math.max(0, ...results.map((r) => r.maxInFlightPerAddress)),
      cpuMsPer1000: answered > 0 ? round((sum(results, (r) => r.targetCpuSeconds) * 1e6) / answered, 1) : 0,
      lagP99Ms: Math.max(0, ...results.map((r) => r.lagUs.p99)) / 1000,
      othersOnProxyCorePercent: othersOnProxyCore(target, results),
    };
  });
  const direct = rows.find((r) => r.target === 'direct');
  for (const row of rows) {
    if (!direct || row === direct) continue;
    row.addedP50Ms = round(row.latency.p50Ms - direct.latency.p50Ms);
    row.addedP99Ms = round(row.latency.p99Ms - direct.latency.p99Ms);
    const added = addedByRound(row.roundP99Ms, direct.roundP99Ms);
    row.addedP99RoundsMs = added.rounds;
    row.addedP99MedianMs = added.medianMs;
  }
  return rows;
}

export type ThroughputRow = {
  target: TargetKey;
  label: string;
  /** 2xx answers per second over every slice. */
  rps: number;
  answered: number;
  non2xx: number;
  errors: number;
  /** Latency of the 2xx answers (closed loop: from each call's send). */
  latency: Latency;
  /** Share of one core the proxy used while measured, in % (the stub's for `direct`). */
  cpuPercent: number;
  /** The proxy's CPU seconds per 1,000 calls answered. */
  cpuSecondsPer1000: number;
  /** Calls one fully busy core would answer at that cost: 1,000 / cpuSecondsPer1000. */
  rpsPerCore: number;
  /** The generator's CPU while it ran, in % of a core (it shares the load core with the stub). */
  loadCpuPercent: number;
  othersOnProxyCorePercent: number;
};

/** (b) Closed loop at the profile's connections, in turns. */
export async function measureThroughput(
  targets: readonly Target[],
  profile: Profile,
): Promise<ThroughputRow[]> {
  const { connections, rounds, seconds, warmupSeconds } = profile.throughput;
  const slices = await inTurns(targets, rounds, (target) =>
    runLoadOn(target, {
      mode: 'closed',
      connections,
      warmupSeconds,
      seconds,
    }),
  );
  return targets.map((target): ThroughputRow => {
    const results = slices.get(target) ?? [];
    const measured = sum(results, (r) => r.seconds);
    const answered = sum(results, (r) => r.answered);
    const ok = sum(results, (r) => r.latencyUs.ok.length);
    const cpu = sum(results, (r) => r.targetCpuSeconds);
    const perThousand = answered > 0 ? (cpu * 1000) / answered : 0;
    const wall = sum(results, (r) => r.seconds + warmupSeconds);
    return {
      target: target.key,
      label: target.label,
      rps: measured > 0 ? Math.round(ok / measured) : 0,
      answered,
      non2xx: sum(results, non2xx),
      errors: sum(results, (r) => r.errors + r.unanswered),
      latency: latency(results.flatMap((r) => r.latencyUs.ok)),
      cpuPercent: measured > 0 ? Math.round((100 * cpu) / measured) : 0,
      cpuSecondsPer1000: round(perThousand, 4),
      rpsPerCore: perThousand > 0 ? Math.round(1000 / perThousand) : 0,
      loadCpuPercent: wall > 0 ? Math.round((100 * sum(results, (r) => r.cpuSeconds)) / wall) : 0,
      othersOnProxyCorePercent: othersOnProxyCore(target, results),
    };
  });
}

export type OverloadRow = {
  target: TargetKey;
  label: string;
  /** The BFF's round (1, 2, ...); null for the contrast rows, measured once. */
  round: number | null;
  offeredRps: number;
  seconds: number;
  sent: number;
  admitted: number;
  shed: number;
  /** 503s / calls sent. */
  shedShare: number;
  /** Of the 503s, the share answered within the aim (10 ms) from their scheduled time. */
  shedFastShare: number;
  /** Of the 503s, the share carrying Retry-After. */
  shedRetryAfterShare: number;
  shedLatency: Latency;
  /** Which limit of the guard shed the 503s (the BFF's metrics; null for nginx and the bare proxy). */
  shedBy: ShedReasons | null;
  /** Latency of the admitted (2xx) calls, from their scheduled time. */
  admittedLatency: Latency;
  /** Answers other than 2xx and 503, by status. */
  otherStatuses: Record<string, number>;
  errors: number;
  unanswered: number;
  cpuPercent: number;
  rssMb: { before: number; after: number };
  /** The load's source addresses, and the most connections and calls in flight one of them had. */
  sourceAddresses: number;
  maxConnectionsPerAddress: number;
  maxInFlightPerAddress: number;
  lagP99Ms: number;
  othersOnProxyCorePercent: number;
};

export type Overload = {
  delayMs: number;
  multiple: number;
  /** The probe: closed loop at MAX_UPSTREAM_IN_FLIGHT connections on the BFF over the slow stub. */
  probe: { connections: number; seconds: number; rps: number; non2xx: number; errors: number };
  offeredRps: number;
  /** The BFF's rounds first, then the contrast rows. */
  rows: OverloadRow[];
  /** The medians of the BFF's rounds: what the aims are read on. */
  bffMedian: { shedP99Ms: number; shedFastShare: number; admittedP99Ms: number; rssGrowthMb: number };
};

async function overloadOne(
  target: Target,
  rate: number,
  seconds: number,
  profile: Profile,
  shedWithinMs: number,
  roundNo: number | null,
): Promise<OverloadRow> {
  const { warmupSeconds, settleSeconds, connections } = profile.overload;
  const before = residentMb(target.pids);
  const shedBefore = await readShedReasons(target.metricsOrigins ?? []);
  const r = await runLoadOn(target, {
    mode: 'open',
    rate,
    connections,
    preconnect: 256,
    warmupSeconds,
    seconds,
    settleSeconds,
  });
  const after = residentMb(target.pids);
  const shedBy = shedBetween(shedBefore, await readShedReasons(target.metricsOrigins ?? []));
  const shed = r.latencyUs.shed.length;
  const otherStatuses = Object.fromEntries(
    Object.entries(r.byStatus).filter(([status]) => !status.startsWith('2') && status !== '503'),
  );
  return {
    target: target.key,
    label: target.label,
    round: roundNo,
    offeredRps: rate,
    seconds: r.seconds,
    sent: r.sent,
    admitted: r.latencyUs.ok.length,
    shed,
    shedShare: r.sent > 0 ? round(shed / r.sent, 4) : 0,
    shedFastShare:
      shed > 0 ? round(r.latencyUs.shed.filter((us) => us <= shedWithinMs * 1000).length / shed, 4) : 0,
    shedRetryAfterShare: shed > 0 ? round(r.retryAfter / shed, 4) : 0,
    shedLatency: latency(r.latencyUs.shed),
    shedBy,
    admittedLatency: latency(r.latencyUs.ok),
    otherStatuses,
    errors: r.errors,
    unanswered: r.unanswered,
    cpuPercent: r.seconds > 0 ? Math.round((100 * r.targetCpuSeconds) / r.seconds) : 0,
    rssMb: { before, after },
    sourceAddresses: r.sourceAddresses,
    maxConnectionsPerAddress: r.maxConnectionsPerAddress,
    maxInFlightPerAddress: r.maxInFlightPerAddress,
    lagP99Ms: r.lagUs.p99 / 1000,
    othersOnProxyCorePercent: othersOnProxyCore(target, [r]),
  };
}

/**
 * (c) The rate one BFF sustains over the slow stub (closed loop at MAX_UPSTREAM_IN_FLIGHT
 * connections: as many calls as it lets through at once), then `multiple` times that rate, open
 * loop, on the BFF and, for contrast, on nginx and the bare Node proxy over the same stub.
 */
export async function measureOverload(
  bff: Target,
  contrast: readonly Target[],
  profile: Profile,
  maxInFlight: number,
  shedWithinMs: number,
  quietPids: readonly number[],
): Promise<Overload> {
  const { probeSeconds, multiple, seconds, contrastSeconds, delayMs, rounds } = profile.overload;
  const probe = await runLoadOn(bff, {
    mode: 'closed',
    connections: maxInFlight,
    warmupSeconds: 0.5,
    seconds: probeSeconds,
  });
  const sustained = probe.seconds > 0 ? Math.round(probe.latencyUs.ok.length / probe.seconds) : 0;
  if (sustained === 0) throw new Error('the BFF answered no call over the slow stub in the probe');
  const offered = sustained * multiple;
  const quietMs = profile.quietSeconds * 1000;
  await waitQuiet(quietPids, quietMs);
  const rows: OverloadRow[] = [];
  for (let n = 1; n <= Math.max(1, rounds); n++) {
    rows.push(await overloadOne(bff, offered, seconds, profile, shedWithinMs, n));
    await waitQuiet(quietPids, quietMs);
  }
  const bffRows = [...rows];
  if (contrastSeconds > 0) {
    for (const target of contrast) {
      rows.push(await overloadOne(target, offered, contrastSeconds, profile, shedWithinMs, null));
      await waitQuiet(quietPids, quietMs);
    }
  }
  return {
    delayMs,
    multiple,
    probe: {
      connections: maxInFlight,
      seconds: probe.seconds,
      rps: sustained,
      non2xx: non2xx(probe),
      errors: probe.errors + probe.unanswered,
    },
    offeredRps: offered,
    rows,
    bffMedian: {
      shedP99Ms: round(median(bffRows.map((r) => r.shedLatency.p99Ms))),
      shedFastShare: round(median(bffRows.map((r) => r.shedFastShare)), 4),
      admittedP99Ms: round(median(bffRows.map((r) => r.admittedLatency.p99Ms))),
      rssGrowthMb: round(median(bffRows.map((r) => r.rssMb.after - r.rssMb.before)), 1),
    },
  };
}
