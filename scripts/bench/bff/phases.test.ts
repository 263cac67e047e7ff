import { describe, expect, it } from 'vitest';
import { addUp, type PhaseResult } from './phases.ts';

const slice = (over: Partial<PhaseResult>): PhaseResult => ({
  upstream: 'stub',
  target: 'bff',
  mode: 'connections',
  load: '',
  rps: 0,
  p50Ms: 5,
  p99Ms: 10,
  maxMs: 20,
  errors: 0,
  non2xx: 0,
  requests: 0,
  seconds: 4,
  timeWait: { before: 100, after: 120 },
  cpu: { server: 100, upstream: 30 },
  cpuPerCallUs: 0,
  ...over,
});

describe('a target measured in slices taking turns with the others', () => {
  it('is one row: calls per second over all its time, the worst tail, the CPU per call over all calls', () => {
    const row = addUp([
      slice({ requests: 40_000, p50Ms: 4, p99Ms: 12, maxMs: 30, cpu: { server: 100, upstream: 20 } }),
      slice({
        requests: 32_000,
        p50Ms: 6,
        p99Ms: 18,
        maxMs: 25,
        errors: 1,
        timeWait: { before: 90, after: 200 },
      }),
      slice({
        requests: 36_000,
        p50Ms: 5,
        p99Ms: 15,
        maxMs: 22,
        non2xx: 2,
        cpu: { server: 50, upstream: 40 },
      }),
    ]);
    expect(row.rps).toBe(9_000); // 108,000 calls in 12 s
    expect(row.requests).toBe(108_000);
    expect(row.seconds).toBe(12);
    expect(row.p50Ms).toBe(5);
    expect(row.p99Ms).toBe(18);
    expect(row.maxMs).toBe(30);
    expect(row.errors).toBe(1);
    expect(row.non2xx).toBe(2);
    // The slice whose TIME_WAIT grew most.
    expect(row.timeWait).toEqual({ before: 90, after: 200 });
    // 4 + 4 + 2 CPU seconds over 12 s, for 108,000 calls.
    expect(row.cpu.server).toBe(83);
    expect(row.cpu.upstream).toBe(30);
    expect(row.cpuPerCallUs).toBe(93);
  });
});
