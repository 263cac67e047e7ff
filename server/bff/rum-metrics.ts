import { Histogram, type Registry } from 'prom-client';
import type { RumMetricName } from '../../src/contract/rum.ts';

/**
 * The Core Web Vitals the pages report (POST /rum), one histogram per metric, labelled only by the
 * screen's name (a fixed list of 14), so the series stay few. Durations in seconds, CLS unitless.
 * Each metric's buckets hold Google's "good" and "poor" thresholds (LCP 2.5 s and 4 s, INP 0.2 s and
 * 0.5 s, CLS 0.1 and 0.25, TTFB 0.8 s and 1.8 s, FCP 1.8 s and 3 s) and docs/quality-bars.md's own aims
 * (LCP 1.5 s, CLS 0.02), so the share of good views reads straight off a bucket.
 */
const HISTOGRAMS = {
  LCP: {
    name: 'bff_rum_lcp_seconds',
    help: 'Largest Contentful Paint of real page loads, by screen.',
    buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20],
  },
  INP: {
    name: 'bff_rum_inp_seconds',
    help: 'Interaction to Next Paint of real visits, by screen the page was loaded on.',
    buckets: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2, 5],
  },
  CLS: {
    name: 'bff_rum_cls',
    help: 'Cumulative Layout Shift (unitless) of real visits, by screen the page was loaded on.',
    buckets: [0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
  },
  TTFB: {
    name: 'bff_rum_ttfb_seconds',
    help: 'Time to First Byte of real page loads, by screen.',
    buckets: [0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.4, 1.8, 2.5, 4, 8],
  },
  FCP: {
    name: 'bff_rum_fcp_seconds',
    help: 'First Contentful Paint of real page loads, by screen.',
    buckets: [0.5, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10, 20],
  },
} as const satisfies Record<RumMetricName, { name: string; help: string; buckets: number[] }>;

export type RumHistograms = Record<RumMetricName, Histogram<'page'>>;

export function createRumHistograms(registry: Registry): RumHistograms {
  const histogram = (name: RumMetricName) =>
    new Histogram({
      ...HISTOGRAMS[name],
      buckets: [...HISTOGRAMS[name].buckets],
      labelNames: ['page'] as const,
      registers: [registry],
    });
  return {
    LCP: histogram('LCP'),
    INP: histogram('INP'),
    CLS: histogram('CLS'),
    TTFB: histogram('TTFB'),
    FCP: histogram('FCP'),
  };
}

/** The value as its histogram counts it: milliseconds become seconds; CLS is as reported. */
export const observedValue = (name: RumMetricName, value: number): number =>
  name === 'CLS' ? value : value / 1_000;
