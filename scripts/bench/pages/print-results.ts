/** What bench:pages prints at the end: the table of medians, then what to look at on each page. */
import os from 'node:os';
import { barResults, busiestLoadAverage, type Medians, type PageResult } from './medians.ts';
import { BARS, PAGES } from './pages.ts';
import type { PreflightNotes } from './preflight.ts';
import type { Run } from './summary.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(results: PageResult[], runsPerPage: number) {
  const columns: [string, (m: Medians) => string][] = [
    ['perf', (m) => String(m.performance)],
    ['a11y', (m) => String(m.accessibility)],
    ['best pr.', (m) => String(m.bestPractices)],
    ['LCP ms', (m) => String(Math.round(m.lcpMs))],
    ['TBT ms', (m) => String(Math.round(m.tbtMs))],
    ['CLS', (m) => m.cls.toFixed(3)],
    ['FCP ms', (m) => String(Math.round(m.fcpMs))],
    ['SI ms', (m) => String(Math.round(m.speedIndexMs))],
    ['JS transfer', (m) => `${kb(m.jsBytes)} / ${m.jsRequests} req`],
    ['all transfer', (m) => `${kb(m.totalBytes)} / ${m.requests} req`],
    ['bars', (m) => (barResults(m).every((b) => b.pass) ? 'PASS' : 'FAIL')],
  ];
  const rows = results.map(({ name, medians: m }) => {
    const cells = columns.map(([title, cell]) => (title === 'bars' && !PAGES[name]?.hasBars ? '—' : cell(m)));
    return [name, ...cells];
  });
  const header = ['page', ...columns.map(([title]) => title)];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] as string).length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(`\nMedian of ${runsPerPage} Lighthouse mobile run(s) per page (simulated slow 4G, 4× CPU):\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** The bars, LCP element, layout shifts, failing audits and anything suspicious of one page. */
function printPage(
  { name, runs: pageRuns, medians: m, medianRun: chosen }: PageResult,
  notes: PreflightNotes,
) {
  console.log(`\n${name}  ${chosen.url}`);
  console.log(`  performance per run: ${pageRuns.map((r) => r.performance).join(' ')}`);
  if (PAGES[name]?.hasBars) {
    console.log(
      `  bars: ${barResults(m)
        .map((b) => `${b.pass ? 'PASS' : 'FAIL'} ${b.bar}`)
        .join(', ')}`,
    );
  }
  const phases = Object.entries(chosen.lcpPhases)
    .map(([phase, ms]) => `${phase} ${ms} ms`)
    .join(', ');
  console.log(`  LCP element (run ${chosen.run}): ${chosen.lcpElement}${phases ? `\n    ${phases}` : ''}`);
  // CLS varies from run to run more than the rest: show the worst run's shifts when it misses the bar.
  const worstShift = [...pageRuns].sort((a, b) => b.cls - a.cls)[0] as Run;
  if (worstShift.cls > 0) {
    console.log(`  CLS per run: ${pageRuns.map((r) => r.cls).join(' ')}`);
    if (worstShift.cls > BARS.cls) {
      console.log(`  largest layout shifts of run ${worstShift.run} (CLS ${worstShift.cls}):`);
      for (const shift of worstShift.layoutShifts) console.log(`      ${shift}`);
    }
  }
  if (!chosen.failingAudits.length) console.log('  accessibility and best practices: no failing audit');
  for (const audit of chosen.failingAudits) {
    console.log(`  FAILING ${audit.category}: ${audit.id}: ${audit.title}`);
    for (const item of audit.items) console.log(`      ${item}`);
  }
  const thirdParties = [...new Set(pageRuns.flatMap((r) => r.thirdPartyRequests))];
  if (thirdParties.length) console.log(`  third-party requests (blocked): ${thirdParties.join(', ')}`);
  const writes = [...new Set(pageRuns.flatMap((r) => r.writes))];
  if (writes.length) console.log(`  WARNING: the page wrote during the runs: ${writes.join(', ')}`);
  const warnings = [...new Set(pageRuns.flatMap((r) => r.warnings))];
  for (const warning of warnings) console.log(`  Lighthouse warning: ${warning}`);
  const consoleErrors = notes[name]?.consoleErrors ?? [];
  for (const error of consoleErrors) console.log(`  console error (preflight): ${error}`);
}

export function printResults(results: PageResult[], runsPerPage: number, notes: PreflightNotes) {
  printTable(results, runsPerPage);

  // Simulated throttling scales the CPU time Chromium really spent: when other work competes for
  // the cores, TBT and LCP grow with it. Say so rather than let a busy machine pass for slow pages.
  const busiest = busiestLoadAverage(results);
  const cores = os.availableParallelism();
  if (busiest > cores) {
    console.log(
      `\nWARNING: the machine was busy (1-minute load average up to ${busiest.toFixed(1)} on ${cores} cores):` +
        ' other processes competed with Chromium, so TBT and LCP are inflated. Rerun on a quiet machine.',
    );
  }

  for (const page of results) printPage(page, notes);
}
