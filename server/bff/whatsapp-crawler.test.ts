// A product's share link as WhatsApp's crawler fetches it (decision 0024): its user agent, then
// Facebook's, no cookie, no JavaScript. It must find the Open Graph tags within the first 32 KB of
// the HTML, fetch the preview picture (1200×630, at most 300 KB), get its answer well under a second,
// and meet no session data: the link is the same for everyone who receives the forwarded message.
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headElements,
  metaContent,
  PUBLIC_URL,
  RICE_LINK,
  type ShareLinkRig,
  startShareLinkRig,
  titleOf,
} from './share-link-test-kit.ts';

const WHATSAPP = 'WhatsApp/2.23.20.0';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const FIRST_BYTES = 32 * 1024;

let rig: ShareLinkRig;
beforeAll(async () => {
  rig = await startShareLinkRig();
});
afterAll(() => rig.close());

/** One fetch as a crawler makes it: its user agent, no cookie, the bytes as they came. */
async function crawl(path: string, userAgent: string) {
  const started = performance.now();
  const response = await fetch(`${rig.bff.url}${path}`, { headers: { 'user-agent': userAgent } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes, ms: performance.now() - started };
}

/** The head a crawler that reads only the first 32 KB sees, parsed without running anything. */
const headOf = (bytes: Buffer) => headElements(bytes.subarray(0, FIRST_BYTES).toString('utf8'));

describe("a product's share link, fetched by WhatsApp's crawler", () => {
  it('finds the Open Graph tags in the first 32 KB: title, description, address, picture with its size, type', async () => {
    const { response, bytes } = await crawl(RICE_LINK, WHATSAPP);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/i);
    const head = headOf(bytes);
    expect(metaContent(head, 'og:title')).toBe('Arroz Branco Tipo 1 Camil 5kg');
    expect(metaContent(head, 'og:description')).toBe('Arroz agulhinha tipo 1, grãos soltinhos e macios.');
    expect(metaContent(head, 'og:url')).toBe(`${PUBLIC_URL}${RICE_LINK}`);
    expect(metaContent(head, 'og:image')).toBe(`${PUBLIC_URL}${RICE_LINK}/preview.jpg`);
    expect(metaContent(head, 'og:image:width')).toBe('1200');
    expect(metaContent(head, 'og:image:height')).toBe('630');
    expect(metaContent(head, 'og:image:type')).toBe('image/jpeg');
    expect(metaContent(head, 'og:type')).toBe('product');
    expect(metaContent(head, 'og:site_name')).toBe('Empório Bom Preço');
    expect(metaContent(head, 'twitter:card')).toBe('summary_large_image');
    expect(titleOf(head)).toBe('Arroz Branco Tipo 1 Camil 5kg | Empório Bom Preço');
    expect(metaContent(head, 'description')).toBe(metaContent(head, 'og:description'));
    // One title and one description: the SPA's own were replaced, not doubled.
    expect(head.filter((e) => e.tag === 'title')).toHaveLength(1);
    expect(head.filter((e) => e.attrs.name === 'description')).toHaveLength(1);
    // The page is still the SPA: its script loads the read-only product page for a person.
    expect(bytes.toString('utf8')).toContain(
      '<script type="module" crossorigin src="/assets/index-abc123.js">',
    );
  });

  it("gives WhatsApp's and Facebook's crawlers (and a browser) the same bytes: no user agent is read", async () => {
    const whatsApp = await crawl(RICE_LINK, WHATSAPP);
    const facebook = await crawl(RICE_LINK, FACEBOOK);
    const browser = await crawl(
      RICE_LINK,
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile',
    );
    expect(facebook.bytes.equals(whatsApp.bytes)).toBe(true);
    expect(browser.bytes.equals(whatsApp.bytes)).toBe(true);
    expect(whatsApp.response.headers.get('vary') ?? '').not.toMatch(/user-agent/i);
  });

  it('fetches the picture the tags name: a JPEG of 1200×630 and at most 300 KB', async () => {
    const head = headOf((await crawl(RICE_LINK, WHATSAPP)).bytes);
    const image = new URL(metaContent(head, 'og:image') ?? '');
    expect(image.origin).toBe(PUBLIC_URL);
    for (const agent of [WHATSAPP, FACEBOOK]) {
      const { response, bytes } = await crawl(image.pathname, agent);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
      expect(imageSize(bytes)).toMatchObject({ width: 1200, height: 630, type: 'jpg' });
      expect(response.headers.get('cache-control')).toMatch(/max-age=\d{5,}/);
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('answers well under a second once the product was read (generous bound: the machine is shared)', async () => {
    await crawl(RICE_LINK, WHATSAPP);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await crawl(RICE_LINK, WHATSAPP)).ms);
    times.sort((a, b) => a - b);
    expect(times[2], `median of ${times.map(Math.round).join(', ')} ms`).toBeLessThan(500);
  });

  it('carries no session: no code, no cookie set, no session call made', async () => {
    const { response, bytes } = await crawl(RICE_LINK, WHATSAPP);
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = bytes.toString('utf8');
    for (const code of ['demo-shopper', 'demo-operator', 'anonymous-session', 'contato-']) {
      expect(html).not.toContain(code);
    }
    expect(html).not.toMatch(/#[A-Za-z0-9._~+=-]{8,}/);
    expect(html).not.toMatch(/sf_s_|sf_v_|Bearer/i);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it("carries the SPA's own security headers, and answers a HEAD with the same headers and no body", async () => {
    const share = await fetch(`${rig.bff.url}${RICE_LINK}`);
    const spa = await fetch(`${rig.bff.url}/catalog`);
    const ignored = new Set(['date', 'content-length', 'x-request-id', 'ratelimit', 'ratelimit-policy']);
    const headersOf = (response: Response) =>
      Object.fromEntries([...response.headers].filter(([name]) => !ignored.has(name)));
    expect(headersOf(share)).toEqual(headersOf(spa));
    expect(share.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const head = await fetch(`${rig.bff.url}${RICE_LINK}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('content-type')).toBe(share.headers.get('content-type'));
  });

  it('serves the plain SPA with 404 for a product the shop does not have', async () => {
    const { response, bytes } = await crawl('/s/emporio-bom-preco/p/999999', WHATSAPP);
    expect(response.status).toBe(404);
    expect(bytes.toString('utf8')).toBe(rig.index);
    const picture = await crawl('/s/emporio-bom-preco/p/999999/preview.jpg', WHATSAPP);
    expect(picture.response.status).toBe(404);
  });

  it('previews a product of a shop without chat addresses the same way', async () => {
    const head = headOf((await crawl('/s/emporio-sem-chat/p/1001', WHATSAPP)).bytes);
    expect(metaContent(head, 'og:title')).toBe('Arroz Branco Tipo 1 Camil 5kg');
    expect(metaContent(head, 'og:url')).toBe(`${PUBLIC_URL}/s/emporio-sem-chat/p/1001`);
  });
});
