import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_WIDTHS, pictureAtWidth } from '../contract.ts';
import { SEEDED_PRODUCTS } from '../seed/products.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { webpSize } from '../testing/webp.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

/** The path sent as written: fetch would resolve its dot segments. */
const rawGet = (path: string) => sandbox.getAsWritten(path);

/** The answer as bytes, with its status and headers. */
async function getBytes(url: string) {
  const response = await fetch(new URL(url, sandbox.url));
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function expectPicture(url: string, width: number) {
  const { status, headers, bytes } = await getBytes(url);
  expect(status, url).toBe(200);
  expect(headers.get('content-type'), url).toBe('image/webp');
  expect(headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
  expect(headers.get('x-content-type-options'), url).toBe('nosniff');
  expect(Number(headers.get('content-length')), url).toBe(bytes.length);
  // A square product shot of the width its name says, weighing what a compressed shot weighs.
  expect(webpSize(bytes), url).toEqual({ width, height: width });
  expect(bytes.length, url).toBeGreaterThan(500);
  expect(bytes.length, url).toBeLessThan(60_000);
  return bytes;
}

async function seededProduct(id: string) {
  return expectData(
    'getProduct',
    await sandbox.get(`/api/catalog/products/${id}`, { session: 'demo-shopper' }),
  );
}

describe('GET /api/sandbox/media/:file', () => {
  it('serves the picture of every product the top list shows, without a bearer, at every width', async () => {
    const page = expectData(
      'listTopProducts',
      await sandbox.get('/api/catalog/top?perPage=100', { session: 'demo-shopper' }),
    );
    expect(page.data?.length).toBeGreaterThan(20);
    for (const product of page.data ?? []) {
      const url = product.images?.[0]?.url ?? '';
      expect(url, product.providerId).toMatch(/^\/api\/sandbox\/media\/produto-\d+-[0-9a-f]{8}-600w\.webp$/);
      for (const width of PICTURE_WIDTHS) await expectPicture(pictureAtWidth(url, width) ?? '', width);
    }
  });

  it("serves every seeded product's pictures: its gallery and its variants' own", async () => {
    for (const seeded of SEEDED_PRODUCTS) {
      const product = await seededProduct(seeded.id);
      const urls = [
        ...(product.images ?? []).map((image) => image.url),
        ...(product.dimensions ?? []).flatMap((d) => (d.image?.url ? [d.image.url] : [])),
      ];
      expect(urls.length, seeded.id).toBeGreaterThan(0);
      for (const url of new Set(urls)) await expectPicture(url, 600);
    }
  });

  it('gives a variant of another colour its own picture, and the gallery holds it', async () => {
    const shirt = await seededProduct('11103');
    const pictureOf = (colour: string) =>
      shirt.dimensions?.find((d) => d.attributes.cor === colour && d.attributes.tamanho === 'm')?.image?.url;
    const colours = ['branca', 'preta', 'verde'].map(pictureOf);
    expect(new Set(colours).size).toBe(3);
    for (const url of colours) expect(shirt.images?.map((image) => image.url)).toContain(url);
    const bytes = await Promise.all(colours.map(async (url) => (await getBytes(url ?? '')).bytes));
    expect(bytes[0]?.equals(bytes[1] ?? Buffer.alloc(0))).toBe(false);
  });

  it('answers the same bytes every time', async () => {
    const product = await seededProduct('1001');
    const url = product.images?.[0]?.url ?? '';
    const first = await getBytes(url);
    const second = await getBytes(url);
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });

  it('serves the shop logo as a script-free SVG, cached for a day', async () => {
    const answer = await sandbox.get('/api/sandbox/media/logo.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(answer.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(answer.text).not.toMatch(/<script|javascript:|href=/i);
  });

  it.each([
    'nao-existe.svg',
    'produto-1001.svg',
    'produto-1001-600w.webp',
    'produto-1001-00000000-600w.webp',
    'produto-999999-00000000-600w.webp',
    'manifest.json',
    'NOTICE.md',
    'LOGO.SVG',
    'logo.svg.bak',
    '..%2F..%2Fpackage.json',
    '..%2Fapp.ts',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    '..%5C..%5Cpackage.json',
    'logo.svg%00.png',
    '%2Fetc%2Fpasswd',
    `produto-${'1'.repeat(500)}.webp`,
  ])('answers %s with a 404 envelope', async (file) => {
    expectRefusal(await sandbox.get(`/api/sandbox/media/${file}`), 404);
  });

  it('answers a real picture asked for in capitals or with a suffix with a 404 envelope', async () => {
    const url = (await seededProduct('1008')).images?.[0]?.url ?? '';
    expectRefusal(
      await sandbox.get(url.toUpperCase().replace('/API/SANDBOX/MEDIA/', '/api/sandbox/media/')),
      404,
    );
    expectRefusal(await sandbox.get(`${url}.bak`), 404);
    expectRefusal(await sandbox.get(url.replace('-600w.', '-1200w.')), 404);
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
