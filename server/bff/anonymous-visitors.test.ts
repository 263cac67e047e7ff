import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import { CookieJar } from '../../tests/cookie-jar.ts';
import {
  openSessionCall,
  startRecordingUpstream,
  startTestBff,
  startTestSandbox,
  type TestSandbox,
} from '../../tests/server-harness.ts';

/** Visitors without a code (`anonymous-session`) through the BFF: each browser its own order. */

const VISITOR_COOKIE = '__Host-sf_v';
const ANONYMOUS = 'anonymous-session';

type Bff = Awaited<ReturnType<typeof startTestBff>>;

/** A browser: its cookie jar and, per tab, the handle the tab keeps. */
function browserOn(bff: Bff) {
  const jar = new CookieJar();
  return {
    jar,
    /** A tab opening a link without a code (the SPA sends `anonymous-session`); answers its handle. */
    async openWithoutCode(headers: Record<string, string> = {}) {
      const response = await openSessionCall(bff.url, ANONYMOUS, {
        cookie: jar.header('/api/session'),
        ...headers,
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      jar.apply(response);
      return {
        handle: response.headers.get(SESSION_HANDLE_HEADER) ?? '',
        setCookie: response.headers.getSetCookie(),
      };
    },
    /** A reload: the tab resumes its session with its handle. */
    async resume(handle: string) {
      const response = await fetch(`${bff.url}/api/session`, {
        headers: { cookie: jar.header('/api/session'), [SESSION_HANDLE_HEADER]: handle },
      });
      jar.apply(response);
      return {
        status: response.status,
        body: await response.json(),
        setCookie: response.headers.getSetCookie(),
      };
    },
    async call(handle: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const response = await fetch(`${bff.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          cookie: jar.header(path),
          [SESSION_HANDLE_HEADER]: handle,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      jar.apply(response);
      return { status: response.status, body: await response.json() };
    },
  };
}

describe('visitors without a code, through the BFF and the sandbox', () => {
  let sandbox: TestSandbox;
  let bff: Bff;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    bff = await startTestBff({ upstreamUrl: sandbox.url });
  });
  afterAll(async () => {
    await bff.stop();
    await sandbox.close();
  });

  const cartOf = async (browser: ReturnType<typeof browserOn>, handle: string) => {
    const answer = await browser.call(handle, '/api/order/current');
    expect(answer.status).toBe(200);
    return answer.body.data as { id: string; items: { providerId: string }[]; userId: string };
  };

  it('opening without a code sets the visitor cookie: __Host-sf_v, 128 random bits, HttpOnly, Secure, SameSite=Strict, Path=/, 30 days', async () => {
    const browser = browserOn(bff);
    const { setCookie } = await browser.openWithoutCode();
    const visitor = setCookie.find((header) => header.startsWith(`${VISITOR_COOKIE}=`)) ?? '';
    const [pair = '', ...attributes] = visitor.split(';').map((part) => part.trim());
    expect(pair).toMatch(/^__Host-sf_v=[A-Za-z0-9_-]{22}$/);
    expect(attributes.sort()).toEqual(
      ['HttpOnly', `Max-Age=${30 * 24 * 3600}`, 'Path=/', 'SameSite=Strict', 'Secure'].sort(),
    );
    // The session cookie comes first, as for any code.
    expect(setCookie[0]).toMatch(/^__Host-sf_s_/);
    const other = browserOn(bff);
    await other.openWithoutCode();
    expect(other.jar.get(VISITOR_COOKIE)).not.toBe(browser.jar.get(VISITOR_COOKIE));
  });

  it('a session with a code sets no visitor cookie', async () => {
    const response = await openSessionCall(bff.url, 'demo-operator');
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join('\n')).not.toContain('sf_v');
  });

  it('two browsers without a code each get an order of their own', async () => {
    const a = browserOn(bff);
    const b = browserOn(bff);
    const tabA = await a.openWithoutCode();
    const tabB = await b.openWithoutCode();
    const added = await a.call(tabA.handle, '/api/order/items/', { providerId: '1001', quantity: 2 });
    expect(added.status).toBe(200);
    const cartA = await cartOf(a, tabA.handle);
    const cartB = await cartOf(b, tabB.handle);
    expect(cartA.items.map((item) => item.providerId)).toEqual(['1001']);
    expect(cartB.items).toEqual([]);
    expect(cartB.id).not.toBe(cartA.id);
    for (const cart of [cartA, cartB]) expect(cart.userId).toContain('anonymous');
    // A after a reload (a resume) still sees its item.
    const resumed = await a.resume(tabA.handle);
    expect(resumed.status).toBe(200);
    expect((await cartOf(a, tabA.handle)).items.map((item) => item.providerId)).toEqual(['1001']);
  });

  it("an anonymous visitor's cart survives a reload in the same browser: the resume keeps the visitor cookie", async () => {
    const browser = browserOn(bff);
    const tab = await browser.openWithoutCode();
    const visitorId = browser.jar.get(VISITOR_COOKIE);
    await browser.call(tab.handle, '/api/order/items/', { providerId: '1008', quantity: 1 });
    const resumed = await browser.resume(tab.handle);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.userShop.id).toContain('anonymous');
    // Written again with the same value: its 30 days start over.
    expect(resumed.setCookie).toContainEqual(
      expect.stringMatching(new RegExp(`^${VISITOR_COOKIE}=${visitorId};`)),
    );
    expect(browser.jar.get(VISITOR_COOKIE)).toBe(visitorId);
    expect((await cartOf(browser, tab.handle)).items.map((item) => item.providerId)).toEqual(['1008']);
  });

  it('a second tab without a code in the same browser gets the same cart', async () => {
    const browser = browserOn(bff);
    const first = await browser.openWithoutCode();
    await browser.call(first.handle, '/api/order/items/', { providerId: '1001', quantity: 1 });
    const second = await browser.openWithoutCode();
    const one = await cartOf(browser, first.handle);
    const other = await cartOf(browser, second.handle);
    expect(other.id).toBe(one.id);
    expect(other.items).toHaveLength(1);
  });

  it('what one visitor types as their contact data never shows to another browser', async () => {
    const a = browserOn(bff);
    const b = browserOn(bff);
    const tabA = await a.openWithoutCode();
    const update = await a.call(tabA.handle, '/api/customer/update', {
      name: 'Visitante Identificada',
      email: 'visitante@exemplo.com.br',
      document: '529.982.247-25',
    });
    expect(update.status).toBe(200);
    const tabB = await b.openWithoutCode();
    const session = await b.resume(tabB.handle);
    expect(session.body.data.userShop.customer.name).toBe('');
  });

  it('a browser whose visitor cookie is gone is told to open the link again, and its reload mints a new one', async () => {
    const browser = browserOn(bff);
    const tab = await browser.openWithoutCode();
    await browser.call(tab.handle, '/api/order/items/', { providerId: '1001', quantity: 1 });
    const before = browser.jar.get(VISITOR_COOKIE);
    browser.jar.delete(VISITOR_COOKIE);
    const refused = await browser.call(tab.handle, '/api/order/current');
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0].type).toBe('session_missing');
    expect(refused.body.errors[0].message).toMatch(/Abra novamente o link/);
    // The reload: a new visitor, with an empty cart of its own (never the shared demo order).
    expect((await browser.resume(tab.handle)).status).toBe(200);
    expect(browser.jar.get(VISITOR_COOKIE)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(browser.jar.get(VISITOR_COOKIE)).not.toBe(before);
    expect((await cartOf(browser, tab.handle)).items).toEqual([]);
  });

  it('a malformed visitor cookie is not sent on: a call is refused, an open replaces it', async () => {
    const browser = browserOn(bff);
    const tab = await browser.openWithoutCode();
    const valid = browser.jar.get(VISITOR_COOKIE) ?? '';
    for (const bad of [`${valid}x`, valid.slice(1), `${valid.slice(0, 21)}%`, `${valid.slice(0, 21)}+`, '']) {
      browser.jar.set(VISITOR_COOKIE, bad, '/');
      const refused = await browser.call(tab.handle, '/api/order/current');
      expect(refused.status, bad).toBe(401);
      expect(refused.body.errors[0].type).toBe('session_missing');
    }
    await browser.openWithoutCode();
    expect(browser.jar.get(VISITOR_COOKIE)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("another case of a browser's visitor cookie is another visitor: it never reaches the first one's order", async () => {
    const owner = browserOn(bff);
    const tab = await owner.openWithoutCode();
    await owner.call(tab.handle, '/api/order/items/', { providerId: '1001', quantity: 1 });
    const visitorId = owner.jar.get(VISITOR_COOKIE) ?? '';
    const swapped = [...visitorId]
      .map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
      .join('');
    const intruder = browserOn(bff);
    intruder.jar.set(VISITOR_COOKIE, swapped, '/');
    const intruderTab = await intruder.openWithoutCode();
    expect(intruder.jar.get(VISITOR_COOKIE)).toBe(swapped);
    expect((await cartOf(intruder, intruderTab.handle)).items).toEqual([]);
  });
});

describe('what the backend receives of a visitor', () => {
  let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>;
  let bff: Bff;
  let plainBff: Bff;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    bff = await startTestBff({ upstreamUrl: upstream.url });
    plainBff = await startTestBff({ upstreamUrl: upstream.url, env: { COOKIE_SECURE: 'false' } });
  });
  afterAll(async () => {
    await bff.stop();
    await plainBff.stop();
    await upstream.close();
  });

  const lastRequest = () => upstream.requests.at(-1);

  it("the session open and every call of the anonymous session carry the browser's visitor id in X-Visitor-Id", async () => {
    const browser = browserOn(bff);
    const tab = await browser.openWithoutCode();
    const visitorId = browser.jar.get(VISITOR_COOKIE);
    expect(lastRequest()?.url).toBe('/api/session/anonymous-session');
    expect(lastRequest()?.headers['x-visitor-id']).toBe(visitorId);
    for (const path of [
      '/api/order/current',
      '/api/shop/settings',
      '/api/catalog/top?pageNumber=0&perPage=10',
    ]) {
      await browser.call(tab.handle, path);
      expect(lastRequest()?.headers.authorization).toBe('Bearer anonymous-session');
      expect(lastRequest()?.headers['x-visitor-id'], path).toBe(visitorId);
    }
    await browser.call(tab.handle, '/api/order/items/', { providerId: '1001', quantity: 1 });
    expect(lastRequest()?.headers['x-visitor-id']).toBe(visitorId);
    await browser.resume(tab.handle);
    expect(lastRequest()?.headers['x-visitor-id']).toBe(visitorId);
  });

  it("a caller's own X-Visitor-Id never reaches the backend", async () => {
    const posing = 'AAAAAAAAAAAAAAAAAAAAAA';
    const browser = browserOn(bff);
    const tab = await browser.openWithoutCode({ 'x-visitor-id': posing });
    const own = browser.jar.get(VISITOR_COOKIE);
    expect(own).not.toBe(posing);
    expect(lastRequest()?.headers['x-visitor-id']).toBe(own);
    await browser.call(tab.handle, '/api/order/current', undefined, { 'x-visitor-id': posing });
    expect(lastRequest()?.headers['x-visitor-id']).toBe(own);
    // Another session's call, and a call without a session: none at all, the browser's cookie neither.
    const shopper = await openSessionCall(bff.url, 'demo-shopper', { 'x-visitor-id': posing });
    expect(lastRequest()?.headers['x-visitor-id']).toBeUndefined();
    browser.jar.apply(shopper);
    await browser.call(shopper.headers.get(SESSION_HANDLE_HEADER) ?? '', '/api/order/current', undefined, {
      'x-visitor-id': posing,
    });
    expect(lastRequest()?.headers.authorization).toBe('Bearer demo-shopper');
    expect(lastRequest()?.headers['x-visitor-id']).toBeUndefined();
    await fetch(`${bff.url}/api/catalog/products/1001`, {
      headers: { cookie: browser.jar.header(), 'x-visitor-id': posing },
    });
    expect(lastRequest()?.url).toBe('/api/catalog/products/1001');
    expect(lastRequest()?.headers['x-visitor-id']).toBeUndefined();
    expect(upstream.requests.some((request) => request.headers['x-visitor-id'] === posing)).toBe(false);
  });

  it('a call of the anonymous session without a visitor cookie never reaches the backend', async () => {
    const browser = browserOn(bff);
    const tab = await browser.openWithoutCode();
    browser.jar.delete(VISITOR_COOKIE);
    const before = upstream.requests.length;
    for (const path of ['/api/order/current', '/api/shop/settings']) {
      const refused = await browser.call(tab.handle, path, undefined, {
        'x-visitor-id': 'AAAAAAAAAAAAAAAAAAAAAA',
      });
      expect(refused.status).toBe(401);
    }
    expect(upstream.requests.length).toBe(before);
  });

  it('an existing visitor cookie is kept, not minted again', async () => {
    const browser = browserOn(bff);
    await browser.openWithoutCode();
    const first = browser.jar.get(VISITOR_COOKIE);
    await browser.openWithoutCode();
    expect(browser.jar.get(VISITOR_COOKIE)).toBe(first);
    expect(lastRequest()?.headers['x-visitor-id']).toBe(first);
  });

  it('over plain http (COOKIE_SECURE=false) the cookie is sf_v without Secure; a Secure BFF never reads a plain sf_v', async () => {
    const plain = browserOn(plainBff);
    const { setCookie } = await plain.openWithoutCode();
    const visitor = setCookie.find((header) => header.startsWith('sf_v=')) ?? '';
    expect(visitor).toMatch(/^sf_v=[A-Za-z0-9_-]{22}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict$/);
    const planted = plain.jar.get('sf_v');
    // A sibling subdomain can set a plain sf_v: the Secure BFF mints its own instead of taking it.
    const secure = browserOn(bff);
    secure.jar.set('sf_v', planted ?? '', '/');
    await secure.openWithoutCode();
    expect(secure.jar.get(VISITOR_COOKIE)).not.toBe(planted);
    expect(lastRequest()?.headers['x-visitor-id']).toBe(secure.jar.get(VISITOR_COOKIE));
  });
});
