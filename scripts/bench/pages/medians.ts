/** Each page's runs brought together: the medians, the run that stands for the page, the bars. */
import { BARS } from './pages.ts';
import type { Run } from './summary.ts';

const METRICS = [
  'performance',
  'accessibility',
  'bestPractices',
  'lcpMs',
  'tbtMs',
  'cls',
  'fcpMs',
  'speedIndexMs',
  'ttiMs',
  'jsBytes',
  'jsRequests',
  'totalBytes',
  'requests',
] as const;
type Metric = (typeof METRICS)[number];
export type Medians = Record<Metric, number>;

export type PageResult = { name: string; runs: Run[]; medians: Medians; medianRun: Run };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2) return sorted[middle] as number;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function mediansOf(runs: Run[]): Medians {
  return Object.fromEntries(
    METRICS.map((metric) => [metric, median(runs.map((run) => run[metric]))]),
  ) as Medians;
}

/**
 * The run that stands for the page (its LCP element, failing audits and HTML report): the middle
 * one by performance score, ties broken by LCP, so it is a real run with the median score.
 */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)] as Run;
}

/** The pages in the order measured, each with its runs, medians and median run. */
export function pageResults(names: string[], runsByPage: Record<string, Run[]>): PageResult[] {
  return names.map((name) => {
    const runs = runsByPage[name] as Run[];
    return { name, runs, medians: mediansOf(runs), medianRun: medianRun(runs) };
  });
}

export function barResults(m: Medians) {
  return [
    { bar: `performance ≥ ${BARS.performance}`, pass: m.performance >= BARS.performance },
    { bar: `accessibility ${BARS.accessibility}`, pass: m.accessibility >= BARS.accessibility },
    { bar: `best practices ${BARS.bestPractices}`, pass: m.bestPractices >= BARS.bestPractices },
    { bar: `LCP ≤ ${BARS.lcpMs} ms`, pass: m.lcpMs <= BARS.lcpMs },
    { bar: `TBT ≤ ${BARS.tbtMs} ms`, pass: m.tbtMs <= BARS.tbtMs },
    { bar: `CLS ≤ ${BARS.cls}`, pass: m.cls <= BARS.cls },
  ];
}

/** The highest 1-minute load average at the start of any run. */
export const busiestLoadAverage = (results: PageResult[]) =>
  Math.max(...results.flatMap((page) => page.runs).map((r) => r.loadAverage));
