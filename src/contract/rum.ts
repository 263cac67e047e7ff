// Real-user monitoring: what a page reports of its Core Web Vitals to the BFF (POST /rum). Plain
// lists, no schema: the page's measuring code (app/rum/) sends nothing else, and the BFF builds its
// schema from them (server/bff/rum-route.ts). A beacon names the screen from a fixed list and carries
// numbers: never an address, a hash, a product id or anything of the session. The off switch the page
// reads first is in rum-off.ts.

/** Where the page sends its beacon (the BFF's own route, not a call it forwards). */
export const RUM_PATH = '/rum';

/** Largest beacon the BFF reads: five metrics take about 400 bytes. */
export const RUM_BODY_LIMIT_BYTES = 2_048;

/** The screens a beacon may name (the screen the page was loaded on); anything else is 'other'. */
export const RUM_PAGES = [
  'catalog',
  'search',
  'product',
  'cart',
  'checkout',
  'payment',
  'finish',
  'change-payment',
  'confirm',
  'invalid-session',
  'session-ended',
  'tray-register',
  'tray-callback',
  'other',
] as const;
export type RumPage = (typeof RUM_PAGES)[number];

/** Durations in milliseconds, except CLS (a unitless layout-shift score). */
export const RUM_METRIC_NAMES = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'] as const;
export type RumMetricName = (typeof RUM_METRIC_NAMES)[number];

/** web-vitals' own rating of each value against Google's thresholds. */
export const RUM_RATINGS = ['good', 'needs-improvement', 'poor'] as const;

/** How the page was reached (web-vitals' navigationType). */
export const RUM_NAVIGATION_TYPES = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
  'soft-navigation',
] as const;

/** Largest value a beacon may carry: 5 minutes for a duration; a layout-shift score this high is noise. */
export const RUM_MAX_DURATION_MS = 300_000;
export const RUM_MAX_CLS = 100;

export type RumMetric = {
  name: RumMetricName;
  value: number;
  rating: (typeof RUM_RATINGS)[number];
  navigation: (typeof RUM_NAVIGATION_TYPES)[number];
};

/** The whole beacon: the screen, and each metric at most once. */
export type RumBeacon = { page: RumPage; metrics: RumMetric[] };

/**
 * A value with no more precision than is meaningful: whole milliseconds, CLS to four decimals. The
 * page sends it so; the BFF logs it so (a log line never holds a long run of digits).
 */
export const roundRumValue = (name: RumMetricName, value: number): number =>
  name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
