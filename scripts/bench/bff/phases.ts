// The measured phases of `npm run bench:bff` on one target: throughput at fixed connections (after a
// warm-up), and latency at a fixed rate with autocannon and with the open-loop generator. Each phase
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
  THROUGHPUT_S,
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

export async function measureThroughput(target: Target, onResult: OnResult) {
  await autocannon(target.url, target.headers, { connections: THROUGHPUT_CONNECTIONS, seconds: WARMUP_S });
  onResult(
    await phase(target, 'connections', async () => {
      const r = await autocannon(target.url, target.headers, {
        connections: THROUGHPUT_CONNECTIONS,
        seconds: THROUGHPUT_S,
      });
      return autocannonRow(`${THROUGHPUT_CONNECTIONS} connections, ${THROUGHPUT_S} s`, r);
    }),
  );
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
