// `npm run bench:bff`: the speed of the BFF (docs: ../shared/design/quality-bars.md, "Speed of the
// BFF"). One run measures the same small JSON call against the sandbox directly, through the BFF and
// through nginx (Debian's package, configured here as a plain keep-alive reverse proxy to the same
// sandbox), with autocannon at fixed connections (throughput) and at a fixed rate (latency), and with
// an open-loop generator at the same fixed rate (scripts/bench/paced-load.ts: autocannon's fixed rate
// sends in bursts and rounds latencies to the millisecond); prints a table, the ratios BFF/direct and
// BFF/nginx, the BFF's added p99, each proxy's CPU time per call and the TIME_WAIT sockets, checks
// them against the bars and writes bench-results/bff.json. A missed bar prints FAIL; the exit code is
// non-zero only when the benchmark itself fails.
//
// Every process is started here (never a running `npm start`) and stopped on exit or Ctrl-C: the
// sandbox over an in-memory database, the BFF as production runs it (NODE_ENV=production, LOG_LEVEL
// as configured, info by default, its request log lines written to a file), nginx with one worker,
// and a stub upstream (nginx replaying the sandbox's answer, or node:http without nginx) with a
// second BFF, the BFF on 2 cores and a bare Node proxy in front of it (scripts/bench/bff/targets.ts
// says why). The fixed-connection runs of one upstream's targets take turns (settings.ts says why).
// Cores (2 expected): the proxy under test gets core 0 to itself; the load generators and the
// upstreams share core 1 (scripts/bench/bff/settings.ts).
//
// The parts live in scripts/bench/bff/: the settings, the machine, the processes, nginx, the targets,
// the load generators, the phases, the TIME_WAIT and CPU counts, the table, the summary and the
// report file.
import { chmodSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeMachine } from './bench/bff/machine.ts';
import { measureLatency, measureThroughputInTurns, type PhaseResult } from './bench/bff/phases.ts';
import { stopAll } from './bench/bff/processes.ts';
import { writeReport } from './bench/bff/report.ts';
import { CALL_PATH } from './bench/bff/settings.ts';
import { printSummary } from './bench/bff/summary.ts';
import { fmt, print, printHeader, printRow } from './bench/bff/table.ts';
import { startTargets, type Target } from './bench/bff/targets.ts';
import { buildServer } from './build-server.mjs';

let tempDir: string | undefined;

async function main() {
  const logLevel = process.env.LOG_LEVEL ?? 'info';
  const machine = describeMachine(logLevel);

  // The servers run bundled, as `npm start` runs the BFF (scripts/build-server.mjs).
  await buildServer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-bff-'));
  tempDir = dir;
  // nginx's worker runs as nobody when started by root: it must reach its temp directories.
  chmodSync(dir, 0o755);
  const bffLog = path.join(dir, 'bff.log');
  const logFd = openSync(bffLog, 'a');
  try {
    const { targets, answerBytes } = await startTargets(dir, {
      logLevel,
      logFd,
      withNginx: Boolean(machine.nginxVersion),
    });
    print(`  call: GET ${CALL_PATH} (${fmt(answerBytes)} bytes of JSON), session opened through the BFF`);
    print();

    printHeader();
    const results: PhaseResult[] = [];
    const record = (result: PhaseResult) => {
      results.push(result);
      printRow(result);
    };
    const over = (upstream: Target['upstream']) => targets.filter((t) => t.upstream === upstream);
    await measureThroughputInTurns(over('sandbox'), record);
    for (const target of over('sandbox')) await measureLatency(target, record);
    // Over the stub too: its tail latency is nginx's (or a bare node:http server's), so what the BFF
    // adds at 1,000 req/s is not hidden in the sandbox's own (SQLite, Express) tail. The BFF's two
    // processes and the bare Node proxy: throughput only.
    await measureThroughputInTurns(over('stub'), record);
    for (const target of over('stub').filter(
      (t) => t.name === 'direct' || t.name === 'bff' || t.name === 'nginx',
    )) {
      await measureLatency(target, record);
    }

    closeSync(logFd);
    const logLines = readFileSync(bffLog, 'utf8').split('\n').length - 1;
    const logBytes = statSync(bffLog).size;
    print();
    print(
      `BFF request log: ${fmt(logLines)} lines (${fmt(logBytes / 1e6, 1)} MB) at level ${logLevel} written during the run`,
    );
    const summary = printSummary(results, logLevel, machine.nginxVersion);
    const loadAfter = os.loadavg();
    print(`load average after: ${loadAfter.map((n) => n.toFixed(2)).join(' ')}`);

    const report = writeReport({
      machine: { ...machine, loadAfter },
      answerBytes,
      bffLog: { logLevel, logLines, logBytes },
      results,
      summary,
    });
    print(`report: ${report}`);
  } finally {
    await stopAll();
    try {
      closeSync(logFd);
    } catch {
      // Already closed.
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\nbench:bff: ${signal}, stopping every process`);
    void stopAll().finally(() => {
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    if (interrupted) return;
    console.error(`bench:bff failed: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll();
    process.exit(1);
  },
);
