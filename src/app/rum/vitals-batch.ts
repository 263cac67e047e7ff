import {
  RUM_MAX_CLS,
  RUM_MAX_DURATION_MS,
  RUM_METRIC_NAMES,
  RUM_NAVIGATION_TYPES,
  RUM_PATH,
  RUM_RATINGS,
  type RumBeacon,
  type RumMetric,
  type RumPage,
  roundRumValue,
} from '@/contract/rum.ts';

/** What the batch reads of a web-vitals metric (the rest of it, entries and URL included, is never sent). */
export type ReportedMetric = {
  /** web-vitals' id of this measurement: a new one after a back/forward-cache restore. Never sent. */
  id: string;
  name: string;
  value: number;
  rating: string;
  navigationType: string;
};

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * The metric as the beacon carries it, or undefined when the BFF would refuse it (a value out of its
 * range, a name or navigation type this version does not know): one odd value must not cost the
 * others.
 */
function beaconMetric(metric: ReportedMetric): RumMetric | undefined {
  const { name, rating, navigationType } = metric;
  if (!isOneOf(RUM_METRIC_NAMES, name) || !isOneOf(RUM_RATINGS, rating)) return undefined;
  if (!isOneOf(RUM_NAVIGATION_TYPES, navigationType)) return undefined;
  const value = roundRumValue(name, metric.value);
  const max = name === 'CLS' ? RUM_MAX_CLS : RUM_MAX_DURATION_MS;
  if (!Number.isFinite(value) || value < 0 || value > max) return undefined;
  return { name, value, rating, navigation: navigationType };
}

/** Hands the beacon to the browser; false when it could not (no sendBeacon, refused, or it threw). */
export function sendRumBeacon(beacon: RumBeacon): boolean {
  try {
    if (typeof navigator.sendBeacon !== 'function') return false;
    const body = new Blob([JSON.stringify(beacon)], { type: 'application/json' });
    return navigator.sendBeacon(RUM_PATH, body);
  } catch {
    return false;
  }
}

/**
 * Collects the metrics as web-vitals reports them and sends them together, once per page hide, in
 * one small beacon: the screen's name and, per metric, its value, rating and navigation type. A
 * metric goes again on a later hide only if its value changed (CLS and INP can grow when the shopper
 * comes back to the tab). A beacon the browser does not take is dropped: measuring must never disturb
 * the shopper.
 */
export function createVitalsBatch(page: RumPage, send: (beacon: RumBeacon) => boolean = sendRumBeacon) {
  /** By metric name: the latest report of each. */
  const pending = new Map<string, { id: string; metric: RumMetric }>();
  /** By measurement id: the value last sent. */
  const sent = new Map<string, number>();
  return {
    add(reported: ReportedMetric): void {
      const metric = beaconMetric(reported);
      if (metric) pending.set(metric.name, { id: reported.id, metric });
    },
    flush(): void {
      const changed = [...pending.values()].filter(({ id, metric }) => sent.get(id) !== metric.value);
      pending.clear();
      if (changed.length === 0) return;
      if (send({ page, metrics: changed.map(({ metric }) => metric) })) {
        for (const { id, metric } of changed) sent.set(id, metric.value);
      }
    },
  };
}
