/**
 * `npm run bench:pages`: Lighthouse (mobile defaults: simulated slow 4G and 4× CPU) in Debian's
 * Chromium against the production server, five cold runs per page, medians compared with the bars
 * of docs/quality-bars.md. Writes bench-results/pages.json (every run and the medians),
 * an HTML report of each page's median run and one screenshot per page.
 *
 *   npm run bench:pages                                   starts its own server (fresh in-memory sandbox)
 *   BENCH_URL=http://localhost:3000 npm run bench:pages   measures a running `npm start` instead
 *   BENCH_RUNS=3 BENCH_PAGES=catalog,product npm run bench:pages
 *   CHROME_PATH=/path/to/chrome                           another browser (default /usr/bin/chromium)
 *
 * Exits 0 when the measurement worked, even if a bar is missed (the table says FAIL); non-zero
 * only when the measurement itself failed (server did not start, a page is not the intended screen,
 * Lighthouse kept failing).
 *
 * The parts live in scripts/bench/pages/: the pages and bars, the server, the preflight check, one
 * Lighthouse run, reading its result, the medians, the printout and the report files.
 */
import type { Result } from 'lighthouse';
import { isStopping, killChrome, measure, stopRuns } from './bench/pages/lighthouse-run.ts';
import { pageResults } from './bench/pages/medians.ts';
import { preflight } from './bench/pages/preflight.ts';
import { printResults } from './bench/pages/print-results.ts';
import { prepareResultsFolder, writeHtmlReports, writeReport } from './bench/pages/report.ts';
import { attachToRunningServer, startOwnServer, stopOwnServer } from './bench/pages/server.ts';
import { settings } from './bench/pages/settings.ts';
import type { Run } from './bench/pages/summary.ts';

async function cleanup() {
  await killChrome();
  await stopOwnServer();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopRuns();
    console.error(`\n${signal}: stopping Chromium and the server...`);
    void cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  const { runs, names, benchUrl } = settings();
  prepareResultsFolder();

  const { base, build } = benchUrl ? await attachToRunningServer(benchUrl) : await startOwnServer();
  console.log(`\nMeasuring ${base} (build ${build}), ${runs} run(s) each of: ${names.join(', ')}`);

  console.log('\nChecking each page shows the intended screen:');
  const preflightNotes = await preflight(base, names);

  // Round-robin over the pages (run 1 of each page, then run 2...), so a burst of load from
  // something else on the machine spreads over every page instead of skewing one page's median.
  console.log('\nLighthouse runs, one at a time:');
  const runsByPage: Record<string, Run[]> = Object.fromEntries(names.map((name) => [name, []]));
  const lhrs = new Map<Run, Result>();
  for (let run = 1; run <= runs; run++) {
    for (const name of names) {
      const started = Date.now();
      const { result, lhr } = await measure(base, name, run);
      if (isStopping()) return;
      runsByPage[name]?.push(result);
      lhrs.set(result, lhr);
      console.log(
        `  ${name.padEnd(9)} run ${run}/${runs}: perf ${result.performance}, a11y ${result.accessibility}, ` +
          `best ${result.bestPractices}, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls} ` +
          `(${((Date.now() - started) / 1000).toFixed(0)} s, CPU index ${result.benchmarkIndex}, load ${result.loadAverage.toFixed(1)})`,
      );
    }
  }

  const results = pageResults(names, runsByPage);
  writeHtmlReports(results, lhrs);
  printResults(results, runs, preflightNotes);
  writeReport({ base, build, runsPerPage: runs, results, lhrs, preflightNotes });
}

main()
  .then(cleanup)
  .catch(async (error: unknown) => {
    if (isStopping()) return; // the signal handler cleans up and exits
    console.error(`\nbench:pages failed: ${error instanceof Error ? error.message : String(error)}`);
    await cleanup();
    process.exit(1);
  });
