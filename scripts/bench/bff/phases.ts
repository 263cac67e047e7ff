// The measured phases of `npm run bench:bff`: throughput at fixed connections (after a warm-up), the
// targets over one upstream taking turns in slices (settings.ts says why), and latency on one target at
// a fixed rate with autocannon and with the open-loop generator. Each phase
// also records the TIME_WAIT sockets before and after, and the CPU used by the process answering the
// load and by its upstream.
import { cpuSeconds } from './cpu-time.ts';
import { autocannon, type Paced, paced } from './load.ts';
import { throwIfCrashed } from './processes.ts';
import {
  PACED_S,
  PACED_WARMUP_S,
  RATE,
  RATE_CONNECTIONS,
  RATE_S,
  THROUGHPUT_CONNECTIONS,
  THROUGHPUT_ROUNDS,
  THROUGHPUT_SLICE_S,
  WARMUP_S,
} from './settings.ts';
import type { Target } from './targets.ts';
import { timeWaitSockets } from './time-wait.ts';

export type PhaseResult = {
  upstream: Target['upstream'];
  target: Target['name'];
  mode: 'connections' | 'rate' | 'paced';
  load: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
  /** Calls answered, over `seconds` of load. */
  requests: number;
  seconds: number;
  timeWait: { before: number; after: number };
  /** Share of a core used by the process answering the load and by the upstream, in %. */
  cpu: { server: number; upstream: number };
  /** CPU time of the process answering the load per call answered, in µs. */
  cpuPerCallUs: number;
  paced?: Paced;
};

/** Called with each phase's result as soon as the phase ends. */
type OnResult = (result: PhaseResult) => void;

async function phase(
  target: Target,
  mode: PhaseResult['mode'],
  run: () => Promise<Omit<PhaseResult, 'upstream' | 'target' | 'mode' | 'timeWait' | 'cpu' | 'cpuPerCallUs'>>,
): Promise<PhaseResult> {
  const before = timeWaitSockets();
  const cpuBefore = [cpuSeconds([target.pid]), cpuSeconds([target.upstreamPid])] as const;
  const measured = await run();
  throwIfCrashed();
  // The processes idle while the load generator starts and stops: their CPU time is the load's.
  const server = cpuSeconds([target.pid]) - cpuBefore[0];
  const upstream = cpuSeconds([target.upstreamPid]) - cpuBefore[1];
  return {
    upstream: target.upstream,
    target: target.name,
    mode,
    ...measured,
    timeWait: { before, after: timeWaitSockets() },
    cpu: {
      server: Math.round((100 * server) / measured.seconds),
      upstream: Math.round((100 * upstream) / measured.seconds),
    },
    cpuPerCallUs: measured.requests > 0 ? Math.round((server * 1e6) / measured.requests) : 0,
  };
}

/**
 * Throughput at fixed connections of every target, each warmed up first, then in turns: a slice of
 * each target, THROUGHPUT_ROUNDS times. Each target's row adds its slices up: calls per second over
 * all its slices, the median of their p50s, the highest of their p99s and maxima, the TIME_WAIT
 * growth of its worst slice, its CPU time over all of them.
 */
export async function measureThroughputInTurns(targets: readonly Target[], onResult: OnResult) {
  const connections = THROUGHPUT_CONNECTIONS;
  for (const target of targets) {
    await autocannon(target.url, target.headers, { connections, seconds: WARMUP_S });
  }
  const slices = new Map<Target, PhaseResult[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
    for (const target of targets) {
      const slice = await phase(target, 'connections', async () => {
        const r = await autocannon(target.url, target.headers, { connections, seconds: THROUGHPUT_SLICE_S });
        return autocannonRow('', r);
      });
      slices.get(target)?.push(slice);
    }
  }
  const load = `${connections} connections, ${THROUGHPUT_ROUNDS} × ${THROUGHPUT_SLICE_S} s in turns`;
  for (const target of targets) onResult({ ...addUp(slices.get(target) ?? []), load });
}

/** One row from a target's slices. */
export function addUp(slices: readonly PhaseResult[]): PhaseResult {
  const [first] = slices;
  if (!first) throw new Error('addUp: no slices');
  const sum = (of: (slice: PhaseResult) => number) => slices.reduce((total, slice) => total + of(slice), 0);
  const max = (of: (slice: PhaseResult) => number) => Math.max(...slices.map(of));
  const requests = sum((s) => s.requests);
  const seconds = sum((s) => s.seconds);
  // CPU seconds back from each slice's share of a core.
  const cpuOf = (share: (s: PhaseResult) => number) => sum((s) => (share(s) / 100) * s.seconds);
  const serverCpu = cpuOf((s) => s.cpu.server);
  const p50s = slices.map((s) => s.p50Ms).sort((a, b) => a - b);
  const worstTimeWait = slices.reduce((worst, s) =>
    s.timeWait.after - s.timeWait.before > worst.timeWait.after - worst.timeWait.before ? s : worst,
  );
  return {
    ...first,
    rps: seconds > 0 ? Math.round(requests / seconds) : 0,
    requests,
    seconds,
    p50Ms: p50s[Math.floor((p50s.length - 1) / 2)] ?? 0,
    p99Ms: max((s) => s.p99Ms),
    maxMs: max((s) => s.maxMs),
    errors: sum((s) => s.errors),
    non2xx: sum((s) => s.non2xx),
    timeWait: worstTimeWait.timeWait,
    cpu: {
      server: seconds > 0 ? Math.round((100 * serverCpu) / seconds) : 0,
      upstream: seconds > 0 ? Math.round((100 * cpuOf((s) => s.cpu.upstream)) / seconds) : 0,
    },
    cpuPerCallUs: requests > 0 ? Math.round((serverCpu * 1e6) / requests) : 0,
  };
}

export async function measureLatency(target: Target, onResult: OnResult) {
  onResult(
    await phase(target, 'rate', async () => {
      const r = await autocannon(target.url, target.headers, {
        connections: RATE_CONNECTIONS,
        seconds: RATE_S,
        rate: RATE,
      });
      return autocannonRow(`autocannon -R ${RATE}, ${RATE_CONNECTIONS} conn, ${RATE_S} s`, r);
    }),
  );
  onResult(
    await phase(target, 'paced', async () => {
      const r = await paced(target.url, target.headers);
      return {
        load: `paced ${RATE}/s open loop, ${PACED_WARMUP_S} + ${PACED_S} s`,
        rps: r.rate,
        requests: r.completed,
        seconds: r.seconds,
        p50Ms: r.latencyMs.p50,
        p99Ms: r.latencyMs.p99,
        maxMs: r.latencyMs.max,
        errors: r.errors,
        non2xx: r.non2xx,
        paced: r,
      };
    }),
  );
}

/** A phase's figures from autocannon's result. */
function autocannonRow(load: string, r: Awaited<ReturnType<typeof autocannon>>) {
  return {
    load,
    rps: Math.round(r.requests.average),
    requests: r.requests.total,
    seconds: r.duration,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}
