import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Report = (metric: Record<string, unknown>) => void;
const reporters = vi.hoisted(() => new Map<string, Report>());
vi.mock('web-vitals', () => {
  const on = (name: string) => (report: Report) => reporters.set(name, report);
  return { onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS'), onTTFB: on('TTFB'), onFCP: on('FCP') };
});
const { reportWebVitals } = await import('./report-web-vitals.ts');

const SESSION_CODE = 'demo-shopper';

/** A metric as web-vitals hands it over: with entries, ids and the page's address. */
function report(name: string, value: number) {
  reporters.get(name)?.({
    name,
    value,
    delta: value,
    rating: 'good',
    id: `v6-1700000000000-${name}`,
    entries: [{ name: `${window.location.href}`, startTime: value }],
    navigationType: 'navigate',
    navigationId: 1,
    navigationURL: window.location.href,
  });
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
beforeEach(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
  window.history.replaceState(null, '', `/product/7781?cor=azul#${SESSION_CODE}`);
});
afterEach(() => {
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(navigator, 'sendBeacon');
  visibility = 'visible';
  sendBeacon.mockClear();
  reporters.clear();
});

async function sentBodies(): Promise<string[]> {
  return Promise.all(sendBeacon.mock.calls.map(([, body]) => (body as Blob).text()));
}

describe('the page reporting its Web Vitals', () => {
  it('sends one beacon when hidden, naming the screen and holding only numbers, ratings and navigation types', async () => {
    reportWebVitals();
    report('TTFB', 380.4);
    report('FCP', 1100);
    report('LCP', 1720.2);
    report('CLS', 0.004);
    expect(sendBeacon).not.toHaveBeenCalled();

    setVisibility('hidden');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [body = ''] = await sentBodies();
    expect(JSON.parse(body)).toEqual({
      page: 'product',
      metrics: [
        { name: 'TTFB', value: 380, rating: 'good', navigation: 'navigate' },
        { name: 'FCP', value: 1100, rating: 'good', navigation: 'navigate' },
        { name: 'LCP', value: 1720, rating: 'good', navigation: 'navigate' },
        { name: 'CLS', value: 0.004, rating: 'good', navigation: 'navigate' },
      ],
    });
    for (const secret of [SESSION_CODE, '7781', 'azul', 'localhost', 'v6-'])
      expect(body).not.toContain(secret);
  });

  it('sends again after the shopper comes back only the metrics that grew', async () => {
    reportWebVitals();
    report('LCP', 1500);
    report('CLS', 0.01);
    setVisibility('hidden');
    setVisibility('visible');
    // web-vitals reports CLS and INP again on the next hide when they changed.
    report('CLS', 0.08);
    report('INP', 240);
    setVisibility('hidden');
    setVisibility('visible');
    setVisibility('hidden');
    const bodies = (await sentBodies()).map((body) => JSON.parse(body) as { metrics: { name: string }[] });
    expect(bodies.map((body) => body.metrics.map((metric) => metric.name))).toEqual([
      ['LCP', 'CLS'],
      ['CLS', 'INP'],
    ]);
  });

  it('sends nothing when shown, or hidden before any metric was ready', () => {
    reportWebVitals();
    setVisibility('visible');
    setVisibility('hidden');
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('never throws into the page when the browser refuses the beacon or has none', () => {
    sendBeacon.mockImplementationOnce(() => {
      throw new TypeError('Illegal invocation');
    });
    reportWebVitals();
    report('LCP', 1500);
    expect(() => setVisibility('hidden')).not.toThrow();
    Reflect.deleteProperty(navigator, 'sendBeacon');
    report('CLS', 0.2);
    expect(() => setVisibility('hidden')).not.toThrow();
  });
});
