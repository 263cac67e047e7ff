/**
 * Reading a Lighthouse result: the scores and metrics, the LCP element, the layout shifts, the
 * failing audits, the JavaScript and other bytes, and what the page sent that it should not.
 */
import type { Result, RunnerResult } from 'lighthouse';
import { isWrite } from './pages.ts';

/** One Lighthouse run of one page, as kept in bench-results/pages.json. */
export type Run = {
  page: string;
  run: number;
  url: string;
  finalUrl: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
  ttiMs: number;
  jsBytes: number;
  jsRequests: number;
  totalBytes: number;
  requests: number;
  lcpElement: string;
  lcpPhases: Record<string, number>;
  /** The largest layout shifts: the element that moved most, its score and the likely causes. */
  layoutShifts: string[];
  failingAudits: { category: string; id: string; title: string; score: number | null; items: string[] }[];
  thirdPartyRequests: string[];
  writes: string[];
  warnings: string[];
  /** Lighthouse's CPU benchmark at the start of the run (higher is faster; below 1000 it warns). */
  benchmarkIndex: number;
  /** The machine's 1-minute load average when the run started: above the core count, others compete. */
  loadAverage: number;
  /** Errors of the attempts that failed before this run succeeded. */
  retriedErrors: string[];
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function numeric(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`audit ${id} has no value`);
  return value;
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The `items` of an audit's details (tables, lists of tables, opportunities). */
function itemsOf(details: unknown): Json[] {
  if (!isObject(details)) return [];
  if (details.type === 'list' && Array.isArray(details.items)) return details.items.flatMap(itemsOf);
  return Array.isArray(details.items) ? details.items.filter(isObject) : [];
}

/** A readable line for one audit item: a DOM node's label and snippet, a URL, or a description. */
function describe(item: Json): string {
  for (const value of Object.values(item)) {
    if (isObject(value) && value.type === 'node') {
      const label =
        typeof value.nodeLabel === 'string' ? value.nodeLabel.replace(/\s+/g, ' ').slice(0, 80) : '';
      const snippet = typeof value.snippet === 'string' ? value.snippet.slice(0, 160) : '';
      return [label && `"${label}"`, snippet].filter(Boolean).join(' ');
    }
  }
  const text = [item.description, item.source, item.url, item.value].find((v) => typeof v === 'string');
  return typeof text === 'string'
    ? text.replace(/\s+/g, ' ').slice(0, 200)
    : JSON.stringify(item).slice(0, 200);
}

export function summarize(
  page: string,
  run: number,
  url: string,
  runner: RunnerResult,
  loadAverage: number,
): Run {
  const { lhr } = runner;
  const origin = new URL(url).origin;
  const requests = itemsOf(lhr.audits['network-requests']?.details);
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const bytes = (list: Json[]) =>
    list.reduce((sum, r) => sum + (typeof r.transferSize === 'number' ? r.transferSize : 0), 0);
  const thirdParty = requests
    .map((r) => String(r.url))
    .filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin);

  // LCP: the element, and where its time goes (TTFB, load delay, load time, render delay).
  const lcpItems = itemsOf(lhr.audits['largest-contentful-paint-element']?.details);
  const lcpElement = lcpItems.length ? describe(lcpItems[0] as Json) : '(none reported)';
  const lcpPhases: Record<string, number> = {};
  for (const item of lcpItems) {
    if (typeof item.phase === 'string' && typeof item.timing === 'number')
      lcpPhases[item.phase] = Math.round(item.timing);
  }

  // Which elements moved (CLS), with Lighthouse's guess at why (web font, unsized media...).
  const layoutShifts = itemsOf(lhr.audits['layout-shifts']?.details)
    .slice(0, 3)
    .map((item) => {
      const causes = isObject(item.subItems) ? itemsOf(item.subItems).map((sub) => String(sub.cause)) : [];
      const shift = typeof item.score === 'number' ? item.score.toFixed(4) : '?';
      return `${shift} ${describe(item)}${causes.length ? ` (${causes.join('; ')})` : ''}`;
    });

  // What keeps accessibility and best practices below 100.
  const failingAudits: Run['failingAudits'] = [];
  for (const category of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      failingAudits.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        items: itemsOf(audit.details).slice(0, 5).map(describe),
      });
    }
  }

  const writes = writesOf(runner, origin);
  return {
    page,
    run,
    url,
    finalUrl: lhr.finalDisplayedUrl,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    cls: Number(numeric(lhr, 'cumulative-layout-shift').toFixed(4)),
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    speedIndexMs: Math.round(numeric(lhr, 'speed-index')),
    ttiMs: Math.round(numeric(lhr, 'interactive')),
    jsBytes: bytes(scripts),
    jsRequests: scripts.length,
    totalBytes: bytes(requests),
    requests: requests.length,
    lcpElement,
    lcpPhases,
    layoutShifts,
    failingAudits,
    thirdPartyRequests: [...new Set(thirdParty)],
    writes: writes ?? [],
    warnings: [
      ...lhr.runWarnings.map(String),
      ...(writes ? [] : ['No DevTools log in the result: writes during the run were not checked']),
    ],
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    loadAverage: Number(loadAverage.toFixed(2)),
    retriedErrors: [],
  };
}

/**
 * Writes the page sent during the run, from the DevTools protocol log (its requests carry the
 * method); undefined when the log is missing (an internal artifact: a Lighthouse update may move it).
 */
function writesOf(runner: RunnerResult, origin: string): string[] | undefined {
  const log: unknown = (runner.artifacts as unknown as Json).DevtoolsLog;
  if (!Array.isArray(log)) return undefined;
  const writes: string[] = [];
  let seen = 0;
  for (const event of log) {
    if (!isObject(event) || event.method !== 'Network.requestWillBeSent' || !isObject(event.params)) continue;
    const request = event.params.request;
    if (!isObject(request) || typeof request.url !== 'string' || typeof request.method !== 'string') continue;
    seen++;
    if (!request.url.startsWith(origin)) continue;
    const url = new URL(request.url);
    if (isWrite(request.method, url)) writes.push(`${request.method} ${url.pathname}`);
  }
  return seen ? writes : undefined;
}
