import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../tests/http-get.ts';
import { SEEDED_PRODUCTS } from './seed/products.ts';
import { expectData, expectRefusal } from './testing/answers.ts';
import { startTestSandbox, type TestSandbox } from './testing/http-harness.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

function rawGet(path: string) {
  const { hostname, port } = new URL(sandbox.url);
  // Options, not a URL string: a URL would be parsed and its dot segments resolved.
  return httpGet({ hostname, port, path });
}

function expectSvg(answer: { status: number; headers: Headers; text: string }) {
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  expect(answer.headers.get('cache-control')).toBe('public, max-age=86400');
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(answer.text).not.toMatch(/<script|javascript:|href=/i);
}

describe('GET /api/sandbox/media/:file', () => {
  it('serves the picture of every product the top list shows, without a bearer', async () => {
    const page = expectData(
      'listTopProducts',
      await sandbox.get('/api/catalog/top?perPage=100', { session: 'demo-shopper' }),
    );
    for (const product of page.data ?? []) {
      const url = product.images?.[0]?.url ?? '';
      const answer = await sandbox.get(url);
      expectSvg(answer);
      expect(answer.text).toContain('viewBox="0 0 400 400"');
    }
  });

  it('draws a product picture with its name as title and its initials, escaping the text', async () => {
    const answer = await sandbox.get('/api/sandbox/media/produto-1007.svg');
    expectSvg(answer);
    expect(answer.text).toContain('<title>Açúcar Refinado União 1kg</title>');
    expect(answer.text).toContain('>AR</text>');
  });

  it('answers the same bytes every time', async () => {
    const first = await sandbox.get('/api/sandbox/media/produto-1001.svg');
    const second = await sandbox.get('/api/sandbox/media/produto-1001.svg');
    expect(second.text).toBe(first.text);
  });

  it('serves every seeded product picture', async () => {
    for (const product of SEEDED_PRODUCTS) {
      expect((await sandbox.get(`/api/sandbox/media/produto-${product.id}.svg`)).status, product.id).toBe(
        200,
      );
    }
  });

  it.each([
    'nao-existe.svg',
    'produto-999999.svg',
    'produto-1001.png',
    'LOGO.SVG',
    'logo.svg.bak',
    '..%2F..%2Fpackage.json',
    '..%2Fapp.ts',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    '..%5C..%5Cpackage.json',
    'logo.svg%00.png',
    '%2Fetc%2Fpasswd',
    `produto-${'1'.repeat(500)}.svg`,
  ])('answers %s with a 404 envelope', async (file) => {
    expectRefusal(await sandbox.get(`/api/sandbox/media/${file}`), 404);
  });

  it.each(['/api/sandbox/media/../../package.json', '/api/sandbox/media/%2E%2E/%2E%2E/package.json'])(
    'answers the raw path %s, which climbs out of the media folder, with a 404 envelope',
    async (path) => {
      // fetch would normalise the dots away; node:http sends the path exactly as written.
      const { status, body } = await rawGet(path);
      expect(status).toBe(404);
      expect(JSON.parse(body)).toMatchObject({ success: false, data: null });
    },
  );
});
