/**
 * What bench:pages leaves in bench-results/: pages.json (every run and the medians) and the HTML
 * report of each page's median run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '@server/build-state.ts';
import { generateReport, type Result } from 'lighthouse';
import { barResults, busiestLoadAverage, type PageResult } from './medians.ts';
import { BARS, BLOCKED_URL_PATTERNS, PAGES, type PageSpec, urlOf } from './pages.ts';
import type { PreflightNotes } from './preflight.ts';
import { RESULTS_DIR } from './settings.ts';
import type { Run } from './summary.ts';

const git = (...args: string[]) =>
  spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() ?? '';

/** bench-results/ holds local measurements, never commits (another script may add the line too). */
function ignoreResultsFolder() {
  const file = path.join(ROOT, '.gitignore');
  const text = readFileSync(file, 'utf8');
  if (
    text
      .split('\n')
      .some((line) => ['bench-results', 'bench-results/', '/bench-results/'].includes(line.trim()))
  )
    return;
  writeFileSync(file, `${text.endsWith('\n') ? text : `${text}\n`}bench-results/\n`);
}

export function prepareResultsFolder() {
  mkdirSync(RESULTS_DIR, { recursive: true });
  ignoreResultsFolder();
}

/** The median run's full report, to open in a browser when hunting what to fix. */
export function writeHtmlReports(results: PageResult[], lhrs: Map<Run, Result>) {
  for (const { name, medianRun } of results) {
    writeFileSync(
      path.join(RESULTS_DIR, `pages-${name}.html`),
      generateReport(lhrs.get(medianRun) as Result, 'html'),
    );
  }
}

export function writeReport(measured: {
  base: string;
  build: string;
  runsPerPage: number;
  results: PageResult[];
  lhrs: Map<Run, Result>;
  preflightNotes: PreflightNotes;
}) {
  const { base, build, runsPerPage, results, lhrs, preflightNotes } = measured;
  const first = lhrs.values().next().value as Result;
  const report = {
    date: new Date().toISOString(),
    url: base,
    build,
    commit: git('rev-parse', 'HEAD'),
    uncommittedChanges: git('status', '--porcelain').split('\n').filter(Boolean).length,
    lighthouse: first.lighthouseVersion,
    browser: first.environment.hostUserAgent,
    machine: { cores: os.availableParallelism(), busiestLoadAverage: busiestLoadAverage(results) },
    settings: {
      runsPerPage,
      formFactor: first.configSettings.formFactor,
      throttlingMethod: first.configSettings.throttlingMethod,
      throttling: first.configSettings.throttling,
      blockedUrlPatterns: BLOCKED_URL_PATTERNS,
    },
    bars: BARS,
    pages: Object.fromEntries(
      results.map(({ name, runs, medians, medianRun }) => [
        name,
        {
          url: urlOf(base, PAGES[name] as PageSpec),
          hasBars: PAGES[name]?.hasBars,
          medians,
          bars: PAGES[name]?.hasBars ? barResults(medians) : undefined,
          medianRun: medianRun.run,
          preflight: preflightNotes[name],
          runs,
        },
      ]),
    ),
  };
  const reportFile = path.join(RESULTS_DIR, 'pages.json');
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nWrote ${path.relative(ROOT, reportFile)}, the median runs' reports (bench-results/pages-<page>.html) and screenshots (bench-results/pages-screenshots/).`,
  );
}
