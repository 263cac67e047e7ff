// bench-results/bff.json: the machine, the call, the BFF's log, the phases' settings, every phase's
// result, the bars and the ratios of one `npm run bench:bff`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Machine } from './machine.ts';
import type { PhaseResult } from './phases.ts';
import {
  CALL_PATH,
  LOAD_CORE,
  PACED_CONNECTIONS,
  PACED_S,
  PACED_WARMUP_S,
  RATE,
  RATE_CONNECTIONS,
  RATE_S,
  ROOT,
  SERVER_CORE,
  THROUGHPUT_CONNECTIONS,
  THROUGHPUT_ROUNDS,
  THROUGHPUT_SLICE_S,
  WARMUP_S,
} from './settings.ts';
import type { printSummary } from './summary.ts';

/** Writes the report; returns its path from the repository's root. */
export function writeReport(run: {
  machine: Machine & { loadAfter: number[] };
  answerBytes: number;
  bffLog: { logLevel: string; logLines: number; logBytes: number };
  results: PhaseResult[];
  summary: ReturnType<typeof printSummary>;
}): string {
  const { machine, bffLog } = run;
  const reportDir = path.join(ROOT, 'bench-results');
  mkdirSync(reportDir, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    machine: {
      node: process.version,
      cores: machine.cores,
      nginx: machine.nginxVersion ?? null,
      pinning: machine.pinning ? { proxies: SERVER_CORE, sandboxStubAndLoad: LOAD_CORE } : null,
      loadAverageBefore: machine.loadBefore,
      loadAverageAfter: machine.loadAfter,
    },
    call: { method: 'GET', path: CALL_PATH, bytes: run.answerBytes },
    bff: { nodeEnv: 'production', ...bffLog },
    phases: {
      warmupSeconds: WARMUP_S,
      throughput: {
        connections: THROUGHPUT_CONNECTIONS,
        rounds: THROUGHPUT_ROUNDS,
        sliceSeconds: THROUGHPUT_SLICE_S,
        pipelining: 1,
      },
      rate: { rate: RATE, connections: RATE_CONNECTIONS, seconds: RATE_S },
      paced: {
        rate: RATE,
        connections: PACED_CONNECTIONS,
        seconds: PACED_S,
        warmupSeconds: PACED_WARMUP_S,
      },
    },
    results: run.results,
    ...run.summary,
  };
  const file = path.join(reportDir, 'bff.json');
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return path.relative(ROOT, file);
}
