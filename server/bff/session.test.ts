import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import { CookieJar } from '../../tests/cookie-jar.ts';
import {
  openSessionCall,
  startTestBff,
  startTestSandbox,
  type TestSandbox,
} from '../../tests/server-harness.ts';
import { insertSeedSession } from '../sandbox/seed/seed-database.ts';
import { SEEDED_SESSIONS } from '../sandbox/seed/sessions.ts';
import { copyOf } from '../sandbox/session/session-copies.ts';
import { SESSION_REFRESH_AFTER_SECONDS } from './session.ts';

/** The BFF over the real sandbox (fresh in-memory database), as the browser would use it. */
describe('sessions through the BFF', () => {
  let sandbox: TestSandbox;
  let bff: Awaited<ReturnType<typeof startTestBff>>;
  const codes = ['demo-shopper', 'demo-operator', 'anonymous-session'];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    // As server/start.ts runs it over the sandbox: the sandbox-only calls (media) pass.
    bff = await startTestBff({ upstreamUrl: sandbox.url, env: { SANDBOX_ROUTES: 'true' } });
  });
  afterAll(async () => {
    await bff.stop();
    await sandbox.close();
  });
  afterEach(() => vi.useRealTimers());

  /** Opens a session like a tab does; returns what the tab keeps and what the browser keeps. */
  async function open(code: string, jar?: CookieJar) {
    const response = await openSessionCall(bff.url, code, jar ? { cookie: jar.header('/api/session') } : {});
    jar?.apply(response);
    const setCookie = response.headers.getSetCookie();
    return {
      response,
      body: await response.json(),
      handle: response.headers.get(SESSION_HANDLE_HEADER) ?? '',
      setCookie,
      cookie: setCookie[0]?.split(';')[0] ?? '',
    };
  }

  /** A tab's call with the browser's cookies and the tab's handle. */
  async function call(jar: CookieJar, handle: string, path = '/api/order/current') {
    const response = await fetch(`${bff.url}${path}`, {
      headers: { cookie: jar.header(path), [SESSION_HANDLE_HEADER]: handle },
    });
    jar.apply(response);
    return {
      status: response.status,
      body: await response.json(),
      setCookie: response.headers.getSetCookie(),
    };
  }

  it('opening a session (POST, the code in the body) sets a __Host- cookie, HttpOnly, Secure, SameSite=Strict, Path=/, 12 hours, and answers a handle, not the code', async () => {
    const tab = await open('demo-shopper');
    expect(tab.response.status).toBe(200);
    expect(tab.body.data.userShop).toBeDefined();
    expect(tab.handle).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tab.handle).not.toContain('demo');
    const attributes = (tab.setCookie[0] ?? '').split(';').map((part) => part.trim());
    expect(attributes[0]).toMatch(
      new RegExp(`^__Host-sf_s_${tab.handle}=[0-9a-z]+\\.[0-9a-z]+\\.demo-shopper$`),
    );
    expect(attributes.slice(1).sort()).toEqual(
      ['HttpOnly', 'Max-Age=43200', 'Path=/', 'SameSite=Strict', 'Secure'].sort(),
    );
  });

  it('the code is never in a browser-facing address: GET /api/session/<code> is no route any more', async () => {
    for (const [method, path] of [
      ['GET', '/api/session/demo-shopper'],
      ['POST', '/api/session/demo-shopper'],
      ['HEAD', '/api/session/demo-shopper'],
    ] as const) {
      const response = await fetch(`${bff.url}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get(SESSION_HANDLE_HEADER)).toBeNull();
      if (method !== 'HEAD') expect((await response.json()).errors[0].type).toBe('not_found');
    }
  });

  it('an unknown code answers success false and sets no cookie', async () => {
    const tab = await open('codigo-inexistente');
    expect(tab.response.status).toBe(404);
    expect(tab.body.success).toBe(false);
    expect(tab.setCookie).toEqual([]);
    expect(tab.handle).toBe('');
  });

  it('two sessions in one browser each reach only their own order', async () => {
    const jar = new CookieJar();
    const shopper = await open('demo-shopper', jar);
    const operator = await open('demo-operator', jar);
    // One browser: both cookies go with every call; only the handle tells the tabs apart.
    const shopperOrder = (await call(jar, shopper.handle)).body.data;
    const operatorOrder = (await call(jar, operator.handle)).body.data;
    expect(shopperOrder.items).toHaveLength(2);
    expect(operatorOrder.items).toHaveLength(0);
    expect(shopperOrder.id).not.toBe(operatorOrder.id);
  });

  it('a reload resumes the tab session with only its handle', async () => {
    const operator = await open('demo-operator');
    const response = await fetch(`${bff.url}/api/session`, {
      headers: { cookie: operator.cookie, [SESSION_HANDLE_HEADER]: operator.handle },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).data.sessionType).toBe(1);
  });

  it('resuming without a known session answers 401 session_missing with a Portuguese message', async () => {
    const response = await fetch(`${bff.url}/api/session`, {
      headers: { [SESSION_HANDLE_HEADER]: 'x'.repeat(22) },
    });
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.success).toBe(false);
    expect(body.errors[0].type).toBe('session_missing');
    expect(body.errors[0].message).toMatch(/sessão expirou/);
  });

  it('a call whose handle names a cookie the browser no longer holds is 401 session_missing, with or without Express', async () => {
    const tab = await open('demo-shopper');
    for (const [method, path] of [
      ['GET', '/api/order/current'],
      ['GET', '/api/shop/settings'],
      ['POST', '/api/order/coupon/?coupon=X'],
    ] as const) {
      const response = await fetch(`${bff.url}${path}`, {
        method,
        headers: { [SESSION_HANDLE_HEADER]: tab.handle, cookie: 'tema=escuro' },
      });
      expect(response.status, path).toBe(401);
      expect((await response.json()).errors[0].type).toBe('session_missing');
    }
  });

  it('a call without the handle does not reach the session, even with the cookie', async () => {
    const shopper = await open('demo-shopper');
    const response = await fetch(`${bff.url}/api/order/current`, { headers: { cookie: shopper.cookie } });
    expect(response.status).toBe(401);
  });

  it('reads the plain sf_s_ name too (a BFF with COOKIE_SECURE=false writes it)', async () => {
    const plainBff = await startTestBff({ upstreamUrl: sandbox.url, env: { COOKIE_SECURE: 'false' } });
    try {
      const response = await openSessionCall(plainBff.url, 'demo-operator');
      const setCookie = response.headers.getSetCookie()[0] ?? '';
      const handle = response.headers.get(SESSION_HANDLE_HEADER) ?? '';
      expect(setCookie).toMatch(new RegExp(`^sf_s_${handle}=`));
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Secure/);
      const cookie = setCookie.split(';')[0] ?? '';
      for (const url of [plainBff.url, bff.url]) {
        const resumed = await fetch(`${url}/api/session`, {
          headers: { cookie, [SESSION_HANDLE_HEADER]: handle },
        });
        expect(resumed.status).toBe(200);
      }
    } finally {
      await plainBff.stop();
    }
  });

  it('serves the sandbox logo through the same origin', async () => {
    const response = await fetch(`${bff.url}/api/sandbox/media/logo.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  });

  it('no session code or visitor id appears anywhere in the log output', async () => {
    const visitorIds: string[] = [];
    for (const code of codes) {
      const jar = new CookieJar();
      const tab = await open(code, jar);
      const visitorId = jar.get('__Host-sf_v');
      if (visitorId) visitorIds.push(visitorId);
      const headers = { cookie: jar.header(), [SESSION_HANDLE_HEADER]: tab.handle };
      expect((await fetch(`${bff.url}/api/order/current`, { headers })).status, code).toBe(200);
      await fetch(`${bff.url}/api/shop/settings`, { headers });
      await fetch(`${bff.url}/api/order/current`, { headers });
      await fetch(`${bff.url}/api/catalog/top?pageNumber=0&perPage=10`, { headers });
      await fetch(`${bff.url}/api/session`, { headers });
      // An old link's address: no route, and still written without its code.
      await fetch(`${bff.url}/api/session/${code}?again=1`);
    }
    const logs = bff.logs.text;
    expect(logs).toContain('"route":"/api/session"');
    for (const code of codes) expect(logs).not.toContain(code);
    // Only the visitor without a code has one.
    expect(visitorIds).toHaveLength(1);
    for (const visitorId of visitorIds) expect(logs).not.toContain(visitorId);
    expect(logs).not.toMatch(/sf_s_|sf_v|Bearer|authorization|cookie|visitor/i);
  });
});

describe('the session cookies of one browser (an operator opening chat link after chat link)', () => {
  let sandbox: TestSandbox;
  let bff: Awaited<ReturnType<typeof startTestBff>>;
  /** Chat links with codes of the longest length allowed (200 characters), each its own session. */
  const longCodes: string[] = [];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    const shopper = SEEDED_SESSIONS.find((session) => session.code === 'demo-shopper');
    if (!shopper) throw new Error('no demo-shopper seed');
    for (let n = 0; n < 50; n++) {
      const suffix = `${String(n).padStart(2, '0')}-${'k'.repeat(200)}`.slice(
        0,
        200 - shopper.code.length - 1,
      );
      const copy = copyOf(shopper, suffix);
      insertSeedSession(sandbox.db, copy, { orderId: null, createdAt: new Date().toISOString() });
      longCodes.push(copy.code);
    }
    bff = await startTestBff({ upstreamUrl: sandbox.url, env: { RATE_LIMIT_SESSION_OPENS_PER_MIN: '1000' } });
  });
  afterAll(async () => {
    await bff.stop();
    await sandbox.close();
  });
  afterEach(() => vi.useRealTimers());

  async function open(jar: CookieJar, code: string) {
    const response = await openSessionCall(bff.url, code, { cookie: jar.header('/api/session') });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    jar.apply(response);
    return response.headers.get(SESSION_HANDLE_HEADER) ?? '';
  }

  async function call(jar: CookieJar, handle: string) {
    const response = await fetch(`${bff.url}/api/order/current`, {
      headers: { cookie: jar.header(), [SESSION_HANDLE_HEADER]: handle },
    });
    await response.arrayBuffer();
    jar.apply(response);
    return response;
  }

  it('50 links of 200-character codes: the browser keeps at most 30, the oldest go, the Cookie header stays near 8 KB', async () => {
    expect(longCodes.every((code) => code.length === 200)).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const jar = new CookieJar();
    const handles: string[] = [];
    for (const [n, code] of longCodes.entries()) {
      // One link every 20 seconds: each cookie's last use is its open.
      vi.setSystemTime(start + n * 20_000);
      handles.push(await open(jar, code));
      expect(jar.sessionCookies().length).toBeLessThanOrEqual(30);
      // What the browser sends with each call: far below Node's 16 KB header limit (431 past it).
      expect(jar.header().length).toBeLessThan(8_000);
    }
    expect(jar.sessionCookies()).toHaveLength(30);
    // The newest tabs work; the 20 oldest have lost their session and are told so.
    for (const handle of handles.slice(20)) expect((await call(jar, handle)).status).toBe(200);
    for (const handle of handles.slice(0, 20)) {
      const response = await call(jar, handle);
      expect(response.status).toBe(401);
    }
    const lost = await fetch(`${bff.url}/api/session`, {
      headers: { cookie: jar.header('/api/session'), [SESSION_HANDLE_HEADER]: handles[0] ?? '' },
    });
    expect(lost.status).toBe(401);
    expect((await lost.json()).errors[0].type).toBe('session_missing');
  });

  it('a session used recently outlives one opened later and left unused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const jar = new CookieJar();
    const handles: string[] = [];
    for (const [n, code] of longCodes.slice(0, 30).entries()) {
      vi.setSystemTime(start + n * 60_000);
      handles.push(await open(jar, code));
    }
    // A use soon after the open writes nothing; the first tab, used again 40 minutes later, is refreshed.
    vi.setSystemTime(start + 29 * 60_000 + 10_000);
    expect((await call(jar, handles[29] ?? '')).headers.getSetCookie()).toEqual([]);
    vi.setSystemTime(start + 40 * 60_000);
    const used = await call(jar, handles[0] ?? '');
    expect(used.status).toBe(200);
    expect(used.headers.getSetCookie()).toHaveLength(1);
    expect(40 * 60).toBeGreaterThan(SESSION_REFRESH_AFTER_SECONDS);
    // Two more links: the least recently used go (the 2nd and 3rd tabs), not the first.
    vi.setSystemTime(start + 41 * 60_000);
    handles.push(await open(jar, longCodes[30] ?? ''));
    handles.push(await open(jar, longCodes[31] ?? ''));
    expect(jar.sessionCookies()).toHaveLength(30);
    expect((await call(jar, handles[0] ?? '')).status).toBe(200);
    expect((await call(jar, handles[1] ?? '')).status).toBe(401);
    expect((await call(jar, handles[2] ?? '')).status).toBe(401);
    expect((await call(jar, handles[3] ?? '')).status).toBe(200);
  });

  it('the cookies of the first design (a plain code at Path=/api) are expired at the next open', async () => {
    const jar = new CookieJar();
    jar.set('sf_s_AAAAAAAAAAAAAAAAAAAAAA', 'demo-shopper', '/api');
    jar.set('sf_s_BBBBBBBBBBBBBBBBBBBBBB', 'demo-operator', '/api');
    await open(jar, longCodes[0] ?? '');
    expect(jar.sessionCookies()).toEqual([expect.stringMatching(/^__Host-sf_s_/)]);
  });
});
