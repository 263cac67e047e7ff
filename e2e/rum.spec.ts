import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_METRICS_TOKEN } from '../playwright.config.ts';
import { openFresh } from './support/fresh-session.ts';

/**
 * The measuring code arrives after the load, when the page is idle (src/app/rum/start-rum.ts): wait
 * for it, then for one more idle moment, so web-vitals listens before the shopper's tap.
 */
async function measuring(page: Page) {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('/report-web-vitals-')),
  );
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

/** As a tab switch looks to the page: the document turns hidden and says so. */
async function hideTab(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

/** The count of each Web Vitals histogram for one screen, from the BFF's Prometheus metrics. */
async function rumCounts(request: APIRequestContext, page: string): Promise<Record<string, number>> {
  const answer = await request.get('/metrics', { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(answer.status()).toBe(200);
  const counts: Record<string, number> = {};
  for (const match of (await answer.text()).matchAll(
    /^bff_rum_(\w+?)(?:_seconds)?_count\{page="([^"]+)"\} (\d+)$/gm,
  )) {
    if (match[2] === page && match[1]) counts[match[1]] = Number(match[3]);
  }
  return counts;
}

test.describe('real-user monitoring', () => {
  test('a shopper switching away from the catalogue sends one beacon with its Web Vitals and nothing of the session', async ({
    page,
  }) => {
    // Routed (and let through) so the beacon's body can be read: Playwright shows a Blob body only then.
    await page.route('**/rum', (route) => route.continue());
    const code = await openFresh(page, 'demo-shopper', '/catalog');
    await expect(page.locator('.product-grid article').first()).toBeVisible();
    await measuring(page);
    await page.getByRole('tab', { name: 'Mercearia' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Mercearia' })).toBeVisible();

    const sent = page.waitForRequest('**/rum');
    await hideTab(page);
    const beacon = await sent;
    expect(beacon.method()).toBe('POST');
    expect(beacon.headers()['content-type']).toBe('application/json');
    expect((await beacon.response())?.status()).toBe(204);

    const body = beacon.postData() ?? '';
    const parsed = JSON.parse(body) as { page: string; metrics: Record<string, unknown>[] };
    expect(Object.keys(parsed).sort()).toEqual(['metrics', 'page']);
    expect(parsed.page).toBe('catalog');
    const names = parsed.metrics.map((metric) => metric.name);
    expect(names).toEqual(expect.arrayContaining(['LCP', 'TTFB', 'CLS']));
    for (const metric of parsed.metrics) {
      expect(Object.keys(metric).sort()).toEqual(['name', 'navigation', 'rating', 'value']);
      expect(metric.value).toBeGreaterThanOrEqual(0);
      expect(metric.navigation).toBe('navigate');
    }
    for (const secret of [code, 'demo-shopper', '#', 'http', 'localhost', 'catalog?', 'Mercearia']) {
      expect(body).not.toContain(secret);
    }
  });

  test('a shopper leaving a product page still delivers its beacon: the BFF counts it in its histograms', async ({
    page,
    request,
  }) => {
    const before = await rumCounts(request, 'product');
    await openFresh(page, 'demo-shopper', '/product/1001');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await measuring(page);
    await page.getByRole('heading', { level: 1 }).click();
    // A real page hide: the browser unloads the page (Playwright does not show beacons sent then).
    await page.goto('/healthz');
    await expect
      .poll(async () => {
        const after = await rumCounts(request, 'product');
        return ['lcp', 'ttfb', 'cls', 'fcp'].every((name) => (after[name] ?? 0) > (before[name] ?? 0));
      })
      .toBe(true);
  });
});
