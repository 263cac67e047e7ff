// The share links' public routes (decision 0024), attacked through the real BFF in front of the real
// sandbox: `/s/<shop>/p/<product>` (index.html with the product's preview tags), its preview picture
// and the public product call. They take no session, so anyone may aim at them:
// - a product's name and description, or a shop's name, written to inject markup (quotes, '">
//   <script>', '</title>', bidirectional marks, emoji, NUL) stay inside their attributes: the head
//   parses to exactly the tags the BFF writes, each with its two attributes;
// - crafted slugs and ids (traversal, encoded slashes, NUL, CRLF, overlong) get a 4xx (or the plain
//   SPA), never a 5xx, and never reach another call;
// - the per-client limit on public reads holds (429 with the Portuguese message), for another client
//   too it is untouched;
// - no header (Host, X-Forwarded-Host/Proto, X-Original-URL, Accept-Language...) changes what is
//   kept and served to the next caller: the addresses come from PUBLIC_URL, even with the proxy
//   headers trusted.
import { startRecordingUpstream } from '@tests/server-harness.ts';
import { imageSize } from 'image-size';
import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headElements,
  metaContent,
  PUBLIC_URL,
  RICE_LINK,
  type ShareLinkRig,
  startShareLinkRig,
  titleOf,
} from '../share-link-test-kit.ts';
import { type Answer, call, cleanupList, expectEnvelope, say } from './kit.ts';

const cleanups = cleanupList();
afterAll(() => cleanups.run());

async function rig(env: Record<string, string> = {}): Promise<ShareLinkRig> {
  const started = await startShareLinkRig({ env });
  cleanups.add(() => started.close());
  return started;
}

type Node = { nodeName: string; tagName?: string; childNodes?: Node[] };
/** Every element of the whole document, by tag name. */
function tagsOf(html: string): string[] {
  const tags: string[] = [];
  const walk = (node: Node) => {
    if (node.tagName) tags.push(node.tagName);
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parse(html) as unknown as Node);
  return tags;
}

/** The attribute names of each tag the BFF writes into the head. */
const WRITTEN = { meta: ['content', 'name|property'], link: ['href', 'rel'], title: [] as string[] };

describe('markup in a product or a shop name never leaves its attribute', () => {
  const NAME = `Arroz "Tipo 1"><script>alert('nome')</script></title><meta property="og:title" content="golpe"> ‏עברית‎ 🍚\u0000 fim`;
  const DESCRIPTION = `<p>Grãos "soltinhos"</p><img src=x onerror="alert('descrição')"><script>alert(2)</script></title>&quot;--><!-- \u202Eevil\u0000 🍚`;
  const SHOP = `Empório "'><script>alert('loja')</script></title><base href="https://golpe.exemplo">`;
  let share: ShareLinkRig;

  beforeAll(async () => {
    share = await rig();
    const db = share.sandbox.db;
    const details = JSON.parse(
      (db.prepare("SELECT details FROM products WHERE id = '1002'").get() as { details: string }).details,
    ) as Record<string, unknown>;
    db.prepare("UPDATE products SET name = ?, details = ? WHERE id = '1002'").run(
      NAME,
      JSON.stringify({ ...details, description: DESCRIPTION }),
    );
    db.prepare("UPDATE shops SET name = ? WHERE id = 'emporio-bom-preco'").run(SHOP);
  });

  it('writes exactly its own tags, each with only its attributes, and the values read back as plain text', async () => {
    const answer = await call(share.bff.url, '/s/emporio-bom-preco/p/1002', {
      headers: { 'user-agent': 'WhatsApp/2.23.20.0' },
    });
    expect(answer.status).toBe(200);
    say(
      `hostile names: ${answer.text
        .split('\n')
        .find((l) => l.includes('og:title'))
        ?.trim()}`,
    );
    // The document holds the SPA's elements and the written tags: no script, base or img of the data's.
    const plainTags = tagsOf(share.index);
    const tags = tagsOf(answer.text);
    expect(tags.filter((t) => t === 'script')).toHaveLength(plainTags.filter((t) => t === 'script').length);
    for (const foreign of ['base', 'img', 'iframe', 'svg']) expect(tags).not.toContain(foreign);
    const head = headElements(answer.text);
    const plainHead = headElements(share.index);
    const added = head.slice(1, head.length - (plainHead.length - 3));
    for (const element of added) {
      expect(Object.keys(WRITTEN)).toContain(element.tag);
      const allowed = WRITTEN[element.tag as keyof typeof WRITTEN];
      expect(Object.keys(element.attrs).length, JSON.stringify(element)).toBe(allowed.length);
      for (const name of Object.keys(element.attrs)) {
        expect(
          allowed.some((a) => a.split('|').includes(name)),
          `${element.tag} ${name}`,
        ).toBe(true);
      }
    }
    // One og:title: the data's own '<meta property="og:title">' stayed text.
    expect(head.filter((e) => e.attrs.property === 'og:title')).toHaveLength(1);
    expect(metaContent(head, 'og:title')).toBe(NAME.replace('\u0000', ''));
    expect(metaContent(head, 'og:site_name')).toBe(SHOP);
    expect(titleOf(head)).toBe(`${NAME.replace('\u0000', '')} | ${SHOP}`);
    const description = metaContent(head, 'og:description') ?? '';
    expect(description).toContain('Grãos "soltinhos"');
    expect(description).not.toMatch(/<|onerror/);
    expect(description).not.toContain('\u0000');
    expect(answer.text).not.toContain('\u0000');
    // The addresses are still the configured ones.
    expect(metaContent(head, 'og:url')).toBe(`${PUBLIC_URL}/s/emporio-bom-preco/p/1002`);
    expect(metaContent(head, 'og:image')).toBe(`${PUBLIC_URL}/s/emporio-bom-preco/p/1002/preview.jpg`);
  });

  it("escapes an id's own '&' and '=' in the addresses (a variant id)", async () => {
    const answer = await call(share.bff.url, '/s/emporio-bom-preco/p/1001&1001');
    expect(answer.status).toBe(200);
    expect(metaContent(headElements(answer.text), 'og:url')).toBe(
      `${PUBLIC_URL}/s/emporio-bom-preco/p/1001%261001`,
    );
    expect(answer.text).toContain('/p/1001%261001');
  });
});

describe('crafted slugs and ids', () => {
  const HOSTILE = [
    '/s/..%2F..%2Fapi/p/1001',
    '/s/%2e%2e/p/1001',
    '/s/../p/1001',
    '/s/EMPORIO-BOM-PRECO/p/1001',
    '/s/-emporio/p/1001',
    `/s/${'a'.repeat(64)}/p/1001`,
    `/s/${'a'.repeat(5000)}/p/1001`,
    '/s/emporio-bom-preco/p/..%2F..%2Forder%2Fconfirm',
    '/s/emporio-bom-preco/p/%2e%2e',
    '/s/emporio-bom-preco/p/..',
    '/s/emporio-bom-preco/p/1001%00',
    '/s/emporio-bom-preco/p/1001%0d%0aX-Injected:%201',
    '/s/emporio-bom-preco/p/%252e%252e%252f',
    '/s/emporio-bom-preco/p/1001%2F..%2F..%2Fapi%2Forder%2Fcancel',
    '/s/emporio-bom-preco/p/..%5C..%5Corder',
    '/s/emporio-bom-preco/p/%ZZ',
    '/s/emporio-bom-preco/p/%E0%A4%A',
    '/s/emporio-bom-preco/p/%u002e%u002e',
    `/s/emporio-bom-preco/p/${'9'.repeat(201)}`,
    `/s/emporio-bom-preco/p/${'9'.repeat(20_000)}`,
    '/s/emporio-bom-preco/p/"><script>alert(1)</script>',
    '/s/emporio-bom-preco/p/1001/../../../../etc/passwd',
    '/s/emporio-bom-preco/p/1001/..%2F..%2Fpreview.jpg',
    '/s/emporio-bom-preco%2Fp%2F1001/p/1001',
  ];
  let share: ShareLinkRig;
  beforeAll(async () => {
    share = await rig({ RATE_LIMIT_PUBLIC_READS_PER_MIN: '100000' });
  });

  it('get a 4xx (or the plain SPA, which says the page does not exist), never a 5xx, for the page and its picture', async () => {
    for (const path of HOSTILE) {
      for (const target of [path, `${path}/preview.jpg`]) {
        const answer: Answer = await call(share.bff.url, target);
        expect(answer.status, target).toBeLessThan(500);
        if (answer.status === 200) {
          // Only the SPA's own page, without a product's tags: its router says 'Página não encontrada'.
          expect(answer.text, target).toBe(share.index);
        } else if (answer.headers['content-type']?.startsWith('text/html')) {
          expect(answer.status, target).toBe(404);
          expect(answer.text, target).toBe(share.index);
        } else {
          expectEnvelope(answer, [400, 404, 431], target);
        }
      }
    }
    say(`${HOSTILE.length * 2} crafted share links: none answered a 5xx or a product`);
  });

  it('never reach the backend with another path: the order of a shopper stays as it was', async () => {
    const before = share.sandbox.db.prepare('SELECT id, status FROM orders ORDER BY id').all();
    for (const path of HOSTILE) await call(share.bff.url, path);
    expect(share.sandbox.db.prepare('SELECT id, status FROM orders ORDER BY id').all()).toEqual(before);
  });
});

describe('the limit on public reads', () => {
  const LIMIT = 5;
  let share: ShareLinkRig;
  beforeAll(async () => {
    share = await rig({ RATE_LIMIT_PUBLIC_READS_PER_MIN: String(LIMIT) });
  });

  it('holds for one client across the page, its picture and the public call: 429 in Portuguese past it', async () => {
    const targets = [
      RICE_LINK,
      `${RICE_LINK}/preview.jpg`,
      '/api/public/shops/emporio-bom-preco/products/1001',
      RICE_LINK,
      '/s/emporio-bom-preco/p/999999',
    ];
    for (const target of targets)
      expect((await call(share.bff.url, target)).status, target).toBeLessThan(429);
    for (const target of [
      RICE_LINK,
      `${RICE_LINK}/preview.jpg`,
      '/api/public/shops/emporio-bom-preco/products/1001',
    ]) {
      const answer = await call(share.bff.url, target);
      const body = expectEnvelope(answer, 429, target);
      expect(body.errors[0]?.message).toBe('Muitas tentativas. Aguarde um instante e tente novamente.');
      expect(answer.headers['retry-after'] ?? answer.headers.ratelimit).toBeTruthy();
    }
    // Another client is served.
    const other = await call(share.bff.url, RICE_LINK, { localAddress: '127.0.0.2' });
    expect(other.status).toBe(200);
  });
});

describe("the kept answers cannot be poisoned by a request's headers", () => {
  const POISONS: [string, Record<string, string>][] = [
    ['Host', { host: 'golpe.exemplo' }],
    ['X-Forwarded-Host', { 'x-forwarded-host': 'golpe.exemplo' }],
    ['X-Forwarded-Proto', { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'golpe.exemplo:8080' }],
    ['Forwarded', { forwarded: 'host=golpe.exemplo;proto=http' }],
    ['X-Original-URL', { 'x-original-url': '/s/emporio-bom-preco/p/1008', 'x-rewrite-url': '/s/x/p/1' }],
    ['Accept-Language', { 'accept-language': 'en-US,en;q=0.9' }],
    ['X-Host', { 'x-host': 'golpe.exemplo', 'x-forwarded-server': 'golpe.exemplo' }],
    ['User-Agent', { 'user-agent': 'facebookexternalhit/1.1' }],
  ];
  let share: ShareLinkRig;
  beforeAll(async () => {
    // The proxy headers are even believed (TRUST_PROXY): still, nothing of them reaches a preview.
    share = await rig({ TRUST_PROXY: 'loopback', RATE_LIMIT_PUBLIC_READS_PER_MIN: '100000' });
  });

  it.each(POISONS.map(([name, headers], i) => [name, headers, String(1002 + i)] as const))(
    '%s: the poisoned request and the clean one after it get the configured addresses, byte for byte the same',
    async (_name, headers, product) => {
      const link = `/s/emporio-bom-preco/p/${product}`;
      const poisoned = await call(share.bff.url, link, { headers });
      const clean = await call(share.bff.url, link);
      expect(poisoned.status).toBe(200);
      expect(clean.text).toBe(poisoned.text);
      const head = headElements(poisoned.text);
      expect(metaContent(head, 'og:url')).toBe(`${PUBLIC_URL}${link}`);
      expect(metaContent(head, 'og:image')).toBe(`${PUBLIC_URL}${link}/preview.jpg`);
      expect(poisoned.text).not.toContain('golpe.exemplo');
      // The kept public answer too: the clean call after the poisoned one reads the same bytes.
      const api = `/api/public/shops/emporio-bom-preco/products/${product}`;
      const poisonedApi = await call(share.bff.url, api, { headers });
      const cleanApi = await call(share.bff.url, api);
      expect(cleanApi.status).toBe(200);
      expect(cleanApi.text).toBe(poisonedApi.text);
    },
  );
});

describe("a product's picture on another host", () => {
  it('is never fetched: the preview is the plain picture in the shop colour, and the other host sees nothing', async () => {
    const elsewhere = await startRecordingUpstream();
    cleanups.add(() => elsewhere.close());
    const share = await rig();
    const db = share.sandbox.db;
    const targets = [
      `${elsewhere.url}/foto.jpg`,
      `//${new URL(elsewhere.url).host}/foto.jpg`,
      'http://169.254.169.254/latest/meta-data/',
    ];
    for (const [i, url] of targets.entries()) {
      const id = String(1003 + i);
      const details = JSON.parse(
        (db.prepare('SELECT details FROM products WHERE id = ?').get(id) as { details: string }).details,
      ) as Record<string, unknown>;
      db.prepare('UPDATE products SET details = ? WHERE id = ?').run(
        JSON.stringify({ ...details, images: [{ url }] }),
        id,
      );
      const picture = await fetch(`${share.bff.url}/s/emporio-bom-preco/p/${id}/preview.jpg`);
      expect(picture.status, url).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await picture.arrayBuffer());
      expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
      expect(imageSize(bytes)).toMatchObject({ width: 1200, height: 630 });
    }
    expect(elsewhere.requests).toEqual([]);
  });
});
