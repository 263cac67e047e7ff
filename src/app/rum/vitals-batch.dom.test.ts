import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RumBeacon } from '@/contract/rum.ts';
import { createVitalsBatch, type ReportedMetric, sendRumBeacon } from './vitals-batch.ts';

const reported = (name: string, value: number, changes: Partial<ReportedMetric> = {}): ReportedMetric => ({
  id: `v6-${name}`,
  name,
  value,
  rating: 'good',
  navigationType: 'navigate',
  ...changes,
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

describe('the batch of Web Vitals a page sends', () => {
  it('sends every metric reported since the last hide in one beacon, rounded', () => {
    const send = vi.fn((_beacon: RumBeacon) => true);
    const batch = createVitalsBatch('catalog', send);
    batch.add(reported('TTFB', 412.3));
    batch.add(reported('LCP', 1830.6));
    batch.add(reported('CLS', 0.012345));
    batch.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      page: 'catalog',
      metrics: [
        { name: 'TTFB', value: 412, rating: 'good', navigation: 'navigate' },
        { name: 'LCP', value: 1831, rating: 'good', navigation: 'navigate' },
        { name: 'CLS', value: 0.0123, rating: 'good', navigation: 'navigate' },
      ],
    });
  });

  it('sends again on a later hide only what changed, and nothing when nothing did', () => {
    const send = vi.fn((_beacon: RumBeacon) => true);
    const batch = createVitalsBatch('product', send);
    batch.add(reported('LCP', 2000));
    batch.add(reported('CLS', 0.01));
    batch.flush();
    batch.flush();
    expect(send).toHaveBeenCalledTimes(1);

    batch.add(reported('CLS', 0.01));
    batch.add(reported('CLS', 0.2, { rating: 'needs-improvement' }));
    batch.add(reported('INP', 180));
    batch.flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[0].metrics.map((metric) => [metric.name, metric.value])).toEqual([
      ['CLS', 0.2],
      ['INP', 180],
    ]);

    // After a back/forward-cache restore web-vitals measures anew (a new id): sent even if equal.
    batch.add(reported('LCP', 2000, { id: 'v6-LCP-restored', navigationType: 'back-forward-cache' }));
    batch.flush();
    expect(send.mock.calls[2]?.[0].metrics).toEqual([
      { name: 'LCP', value: 2000, rating: 'good', navigation: 'back-forward-cache' },
    ]);
  });

  it('leaves out a metric the BFF would refuse, and keeps the others', () => {
    const send = vi.fn((_beacon: RumBeacon) => true);
    const batch = createVitalsBatch('cart', send);
    batch.add(reported('LCP', Number.NaN));
    batch.add(reported('TTFB', -5));
    batch.add(reported('INP', 400_000));
    batch.add(reported('FID', 10));
    batch.add(reported('CLS', 0.05, { navigationType: 'teleport' }));
    batch.add(reported('FCP', 900, { rating: 'great' }));
    batch.flush();
    expect(send).not.toHaveBeenCalled();
    batch.add(reported('FCP', 900));
    batch.flush();
    expect(send).toHaveBeenCalledWith({
      page: 'cart',
      metrics: [{ name: 'FCP', value: 900, rating: 'good', navigation: 'navigate' }],
    });
  });
});

describe('the beacon itself', () => {
  const beacon: RumBeacon = {
    page: 'catalog',
    metrics: [{ name: 'LCP', value: 1500, rating: 'good', navigation: 'navigate' }],
  };

  it('goes to /rum as a JSON blob through sendBeacon', async () => {
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    expect(sendRumBeacon(beacon)).toBe(true);
    const [url, body] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe('/rum');
    expect(body).toBeInstanceOf(Blob);
    expect((body as Blob).type).toBe('application/json');
    expect(JSON.parse(await (body as Blob).text())).toEqual(beacon);
  });

  it('is dropped without a sound when the browser has no sendBeacon, refuses it, or throws', () => {
    expect(sendRumBeacon(beacon)).toBe(false);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
    expect(sendRumBeacon(beacon)).toBe(false);
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: () => {
        throw new TypeError('Beacon queue full');
      },
    });
    expect(sendRumBeacon(beacon)).toBe(false);
  });

  it('a refused beacon is not retried, and what changes after it is sent next time', () => {
    const send = vi.fn((_beacon: RumBeacon) => false);
    const batch = createVitalsBatch('catalog', send);
    batch.add(reported('LCP', 1500));
    batch.flush();
    batch.flush();
    expect(send).toHaveBeenCalledTimes(1);
    batch.add(reported('CLS', 0.3, { rating: 'poor' }));
    batch.flush();
    expect(send).toHaveBeenCalledTimes(2);
  });
});
