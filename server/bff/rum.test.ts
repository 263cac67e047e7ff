import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cookiesFrom,
  openSessionCall,
  startRecordingUpstream,
  startTestBff,
} from '../../tests/server-harness.ts';

const METRICS_TOKEN = 'token-de-metricas-do-rum';
const SESSION_CODE = 'codigo-da-sessao-rum-5521';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(env: Record<string, string> = {}, options: { staticDir?: string } = {}) {
  const upstream = await startRecordingUpstream();
  const bff = await startTestBff({
    upstreamUrl: upstream.url,
    env: {
      METRICS_TOKEN,
      ...(options.staticDir ? { STATIC_DIR: options.staticDir } : {}),
      ...env,
    },
    frontend: options.staticDir ? { kind: 'static' } : { kind: 'none' },
  });
  cleanups.push(async () => {
    await bff.stop();
    await upstream.close();
  });
  return { bff, upstream };
}

const VALID = {
  page: 'catalog',
  metrics: [
    { name: 'LCP', value: 1830, rating: 'good', navigation: 'navigate' },
    { name: 'TTFB', value: 420, rating: 'good', navigation: 'navigate' },
    { name: 'CLS', value: 0.0123, rating: 'good', navigation: 'navigate' },
    { name: 'INP', value: 96, rating: 'good', navigation: 'navigate' },
    { name: 'FCP', value: 1210, rating: 'good', navigation: 'navigate' },
  ],
};

function beacon(baseUrl: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/rum`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function metricsText(baseUrl: string) {
  const answer = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return answer.text();
}

/** The samples of the RUM histograms that counted something (their HELP and TYPE lines are always there). */
async function recordedRum(baseUrl: string) {
  return (await metricsText(baseUrl))
    .split('\n')
    .filter((line) => /^bff_rum_\w+_count\{/.test(line) && !line.endsWith(' 0'));
}

async function expectEnvelope(answer: Response, status: number) {
  expect(answer.status).toBe(status);
  const body = (await answer.json()) as { success: boolean; errors: { message: string }[] };
  expect(body.success).toBe(false);
  expect(body.errors[0]?.message).toMatch(/\S/);
}

describe('real-user monitoring beacons (POST /rum)', () => {
  it('a valid beacon is answered 204 and shows in the histograms, in seconds, by screen', async () => {
    const { bff, upstream } = await setup();
    const answer = await beacon(bff.url, VALID);
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe('');

    const text = await metricsText(bff.url);
    expect(text).toContain('bff_rum_lcp_seconds_bucket{le="2",page="catalog"} 1');
    expect(text).toContain('bff_rum_lcp_seconds_bucket{le="1.5",page="catalog"} 0');
    expect(text).toContain('bff_rum_lcp_seconds_sum{page="catalog"} 1.83');
    expect(text).toContain('bff_rum_ttfb_seconds_count{page="catalog"} 1');
    expect(text).toContain('bff_rum_cls_bucket{le="0.02",page="catalog"} 1');
    expect(text).toContain('bff_rum_cls_bucket{le="0.01",page="catalog"} 0');
    expect(text).toContain('bff_rum_inp_seconds_bucket{le="0.1",page="catalog"} 1');
    expect(text).toContain('bff_rum_fcp_seconds_count{page="catalog"} 1');
    // Answered by the BFF itself: nothing went to the backend.
    expect(upstream.requests).toHaveLength(0);
  });

  it('a beacon over 2 KB is refused with 413, and nothing is recorded', async () => {
    const { bff } = await setup();
    const padded = JSON.stringify(VALID).replace('{', `{"x":"${'a'.repeat(2_100)}",`);
    await expectEnvelope(await beacon(bff.url, padded), 413);
    expect(await recordedRum(bff.url)).toEqual([]);
  });

  const metric = (changes: Record<string, unknown>) => ({
    page: 'catalog',
    metrics: [{ name: 'LCP', value: 1000, rating: 'good', navigation: 'navigate', ...changes }],
  });
  it.each([
    ['not JSON', '{"page":"catalog",'],
    ['NaN written out', '{"page":"catalog","metrics":[{"name":"LCP","value":NaN}]}'],
    [
      'an infinite value',
      '{"page":"catalog","metrics":[{"name":"LCP","value":1e999,"rating":"good","navigation":"navigate"}]}',
    ],
    ['a list instead of a beacon', [VALID]],
    ['an unknown metric', metric({ name: 'FID' })],
    ['a negative value', metric({ value: -1 })],
    ['a huge duration', metric({ value: 1e12 })],
    [
      'a huge CLS',
      { page: 'catalog', metrics: [{ name: 'CLS', value: 500, rating: 'poor', navigation: 'navigate' }] },
    ],
    ['a value as text', metric({ value: '1000' })],
    ['an unknown rating', metric({ rating: 'great' })],
    ['an unknown navigation type', metric({ navigation: 'teleport' })],
    ['an unknown page', { ...VALID, page: 'admin' }],
    ['an address as the page', { ...VALID, page: '/catalog#demo-shopper' }],
    ['an extra field on the beacon', { ...VALID, url: 'https://loja.example/catalog#demo-shopper' }],
    ['an extra field on a metric', metric({ id: 'v5-123' })],
    ['no metrics', { page: 'catalog', metrics: [] }],
    ['too many metrics', { page: 'catalog', metrics: [...VALID.metrics, VALID.metrics[0]] }],
    ['a metric twice', { page: 'catalog', metrics: [VALID.metrics[0], VALID.metrics[0]] }],
  ])('%s is refused with the 400 envelope, and nothing is recorded', async (_name, body) => {
    const { bff } = await setup();
    await expectEnvelope(await beacon(bff.url, body), 400);
    expect(await recordedRum(bff.url)).toEqual([]);
  });

  it('a body that is not JSON by its type is refused with 415', async () => {
    const { bff } = await setup();
    await expectEnvelope(await beacon(bff.url, VALID, { 'content-type': 'text/plain' }), 415);
    expect(await recordedRum(bff.url)).toEqual([]);
  });

  it('answers 405 to any other method', async () => {
    const { bff } = await setup();
    const answer = await fetch(`${bff.url}/rum`);
    await expectEnvelope(answer, 405);
    expect(answer.headers.get('allow')).toBe('POST');
  });

  it('over the per-IP rate: 429 with the envelope, counted as a rate-limit hit', async () => {
    const { bff } = await setup({ RATE_LIMIT_RUM_PER_MIN: '2' });
    expect((await beacon(bff.url, VALID)).status).toBe(204);
    expect((await beacon(bff.url, VALID)).status).toBe(204);
    const refused = await beacon(bff.url, VALID);
    await expectEnvelope(refused, 429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const text = await metricsText(bff.url);
    expect(text).toContain('bff_rum_lcp_seconds_count{page="catalog"} 2');
    expect(text).toContain('bff_rate_limit_hits_total{limit="rum"} 1');
  });

  it('logs one line with the screen and the values, and none of the session, cookie, Referer or address', async () => {
    const { bff, upstream } = await setup();
    const opened = await openSessionCall(bff.url, SESSION_CODE);
    expect(opened.status).toBe(200);
    const cookie = cookiesFrom(opened).join('; ');
    expect(cookie).toContain(SESSION_CODE);
    const answer = await beacon(bff.url, VALID, {
      cookie,
      referer: `http://localhost/product/7781?busca=x#${SESSION_CODE}`,
      'user-agent': 'Navegador-Do-Cliente/9.9',
    });
    expect(answer.status).toBe(204);

    await vi.waitFor(() => expect(bff.logs.text).toContain('"route":"/rum"'));
    const lines = bff.logs.text.split('\n').filter(Boolean);
    const vitals = lines.filter((line) => line.includes('"msg":"web vitals"'));
    expect(vitals).toHaveLength(1);
    const entry = JSON.parse(vitals[0] ?? '{}') as { level: number; reqId: string; rum: unknown };
    expect(entry.level).toBe(30);
    expect(entry.rum).toEqual(VALID);
    expect(entry.reqId).toMatch(/\S/);
    // The request line names the route only.
    expect(lines.find((line) => line.includes('"route":"/rum"'))).toContain('"statusCode":204');
    for (const secret of [SESSION_CODE, 'sf_s_', '7781', 'busca', 'Navegador-Do-Cliente', '127.0.0.1']) {
      expect(bff.logs.text).not.toContain(secret);
    }
    // Only the session open reached the backend.
    expect(upstream.requests.map((request) => request.url)).toEqual([
      `/api/session/${encodeURIComponent(SESSION_CODE)}`,
    ]);
  });

  describe('turned off with RUM=false', () => {
    function builtSpa() {
      const dist = mkdtempSync(path.join(tmpdir(), 'dist-rum-'));
      writeFileSync(
        path.join(dist, 'index.html'),
        '<!doctype html><html><head><title>spa</title></head><body></body></html>',
      );
      cleanups.push(() => rmSync(dist, { recursive: true, force: true }));
      return dist;
    }

    it('answers POST /rum with the 404 envelope and records nothing', async () => {
      const { bff } = await setup({ RUM: 'false' }, { staticDir: builtSpa() });
      await expectEnvelope(await beacon(bff.url, VALID), 404);
      expect(await recordedRum(bff.url)).toEqual([]);
    });

    it('tells the page so in index.html, which it does not when on', async () => {
      const off = await setup({ RUM: 'false' }, { staticDir: builtSpa() });
      for (const page of ['/catalog', '/product/1001', '/index.html']) {
        const html = await (await fetch(`${off.bff.url}${page}`)).text();
        expect(html).toContain('<meta name="rum" content="off" /></head>');
      }
      const on = await setup({}, { staticDir: builtSpa() });
      expect(await (await fetch(`${on.bff.url}/catalog`)).text()).not.toContain('name="rum"');
    });
  });
});
