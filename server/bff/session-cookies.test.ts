import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import { startTestBff, startTestSandbox, type TestSandbox } from '../../tests/server-harness.ts';
import {
  attachSession,
  cookieNameFor,
  handleForCode,
  keepSessionFresh,
  SESSION_MAX_AGE_SECONDS,
  SESSION_REFRESH_AFTER_SECONDS,
  sessionCallGoesOn,
  sessionCodeFrom,
} from './session.ts';

/** The session cookies' own rules (session.ts), on requests and answers made by hand. */

const START = Date.UTC(2025, 4, 12, 8, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);
const base36 = (ms: number) => seconds(ms).toString(36);

function request(headers: Record<string, string>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

/** What a call answered: its Set-Cookie headers, other headers, status and body. */
function response() {
  const headers: Record<string, string> = {};
  const setCookie: string[] = [];
  const answer = { status: 0, body: '' };
  const res = {
    appendHeader(name: string, value: string) {
      expect(name.toLowerCase()).toBe('set-cookie');
      setCookie.push(value);
      return res;
    },
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
      return res;
    },
    set statusCode(status: number) {
      answer.status = status;
    },
    end(body: Buffer) {
      answer.body = body.toString('utf8');
    },
  };
  return { res: res as unknown as ServerResponse, headers, setCookie, answer };
}

/** A cookie as the BFF writes it: `<last use>.<expires>.<code>` under the handle's name. */
function sessionCookie(
  code: string,
  lastUseMs: number,
  options: { secure?: boolean; expiresMs?: number } = {},
) {
  const expires = options.expiresMs ?? lastUseMs + SESSION_MAX_AGE_SECONDS * 1000;
  const name = cookieNameFor(handleForCode(code), options.secure ?? true);
  return `${name}=${base36(lastUseMs)}.${base36(expires)}.${code}`;
}

function attributes(setCookie: string) {
  const [pair = '', ...rest] = setCookie.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  return { name: pair.slice(0, at), value: pair.slice(at + 1), attributes: rest };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe('the session cookie an open sets', () => {
  it('over https: __Host-sf_s_<handle>, HttpOnly, Secure, SameSite=Strict, Path=/, no Domain, 12 hours', () => {
    const { res, headers, setCookie } = response();
    attachSession(request({}), res, 'demo-shopper', { secure: true, cap: 30 });
    const handle = handleForCode('demo-shopper');
    expect(headers[SESSION_HANDLE_HEADER]).toBe(handle);
    expect(setCookie).toHaveLength(1);
    const cookie = attributes(setCookie[0] ?? '');
    expect(cookie.name).toBe(`__Host-sf_s_${handle}`);
    expect(cookie.value).toBe(`${base36(START)}.${base36(START + 12 * 3_600_000)}.demo-shopper`);
    expect(cookie.attributes.sort()).toEqual(
      ['HttpOnly', 'Max-Age=43200', 'Path=/', 'SameSite=Strict', 'Secure'].sort(),
    );
    expect(SESSION_MAX_AGE_SECONDS).toBe(12 * 60 * 60);
  });

  it('over plain http (COOKIE_SECURE=false): sf_s_<handle> without Secure, still Path=/', () => {
    const { res, setCookie } = response();
    attachSession(request({}), res, 'demo-shopper', { secure: false, cap: 30 });
    const cookie = attributes(setCookie[0] ?? '');
    expect(cookie.name).toBe(`sf_s_${handleForCode('demo-shopper')}`);
    expect(cookie.attributes.sort()).toEqual(
      ['HttpOnly', 'Max-Age=43200', 'Path=/', 'SameSite=Strict'].sort(),
    );
  });

  it('keeps every character a code may hold as it is, and reads it back whole', () => {
    const code = `a.b:c+d=e~f_g-h.${'z'.repeat(180)}`;
    const { res, setCookie } = response();
    attachSession(request({}), res, code, { secure: true, cap: 30 });
    const cookie = attributes(setCookie[0] ?? '');
    expect(cookie.value.endsWith(`.${code}`)).toBe(true);
    // What the browser sends back: name, '=' and value, about 50 characters more than the code.
    expect(`${cookie.name}=${cookie.value}`.length).toBeLessThanOrEqual(code.length + 50);
    const handle = handleForCode(code);
    expect(
      sessionCodeFrom(request({ [SESSION_HANDLE_HEADER]: handle, cookie: `${cookie.name}=${cookie.value}` })),
    ).toBe(code);
  });
});

describe('finding the tab session of a call', () => {
  const handle = handleForCode('demo-shopper');
  const call = (cookie: string, withHandle = handle) =>
    request({ [SESSION_HANDLE_HEADER]: withHandle, cookie: `other=1; ${cookie}; more=2` });

  it('reads both names: the __Host- one and the plain one', () => {
    expect(sessionCodeFrom(call(sessionCookie('demo-shopper', START)))).toBe('demo-shopper');
    expect(sessionCodeFrom(call(sessionCookie('demo-shopper', START, { secure: false })))).toBe(
      'demo-shopper',
    );
  });

  it('needs the handle, a value of its own code, and a life not yet over', () => {
    expect(sessionCodeFrom(request({ cookie: sessionCookie('demo-shopper', START) }))).toBeUndefined();
    expect(sessionCodeFrom(call(sessionCookie('demo-shopper', START), handleForCode('x')))).toBeUndefined();
    // Another code under this handle's name, or the first design's plain value.
    const name = cookieNameFor(handle, true);
    expect(
      sessionCodeFrom(call(`${name}=${base36(START)}.${base36(START + 1e6)}.demo-operator`)),
    ).toBeUndefined();
    expect(sessionCodeFrom(call(`${name}=demo-shopper`))).toBeUndefined();
    expect(
      sessionCodeFrom(call(`x${name}=${base36(START)}.${base36(START + 1e6)}.demo-shopper`)),
    ).toBeUndefined();
    // Past its twelve hours, even if a copy of the cookie is sent again.
    expect(sessionCodeFrom(call(sessionCookie('demo-shopper', START - 13 * 3_600_000)))).toBeUndefined();
  });
});

describe('keeping a used session fresh', () => {
  const handle = handleForCode('demo-shopper');

  it('refreshes the last use once it is older than the refresh age, keeping name, flags and end of life', () => {
    const openedAt = START - (SESSION_REFRESH_AFTER_SECONDS + 60) * 1000;
    const req = request({ [SESSION_HANDLE_HEADER]: handle, cookie: sessionCookie('demo-shopper', openedAt) });
    const { res, setCookie } = response();
    keepSessionFresh(req, res, true);
    expect(setCookie).toHaveLength(1);
    const cookie = attributes(setCookie[0] ?? '');
    expect(cookie.name).toBe(`__Host-sf_s_${handle}`);
    const end = openedAt + SESSION_MAX_AGE_SECONDS * 1000;
    expect(cookie.value).toBe(`${base36(START)}.${base36(end)}.demo-shopper`);
    // A use does not lengthen the session: the tab's own handle expires at the same moment.
    expect(cookie.attributes).toContain(`Max-Age=${seconds(end) - seconds(START)}`);
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/']),
    );
  });

  it('writes nothing while the last use is recent, or for a call without a session', () => {
    const recent = START - (SESSION_REFRESH_AFTER_SECONDS - 30) * 1000;
    const { res, setCookie } = response();
    keepSessionFresh(
      request({ [SESSION_HANDLE_HEADER]: handle, cookie: sessionCookie('demo-shopper', recent) }),
      res,
      true,
    );
    keepSessionFresh(request({ cookie: sessionCookie('demo-shopper', START - 3_600_000) }), res, true);
    expect(setCookie).toEqual([]);
  });

  it('a call naming a session the browser no longer holds is answered 401 session_missing and stops', () => {
    const lost = response();
    expect(
      sessionCallGoesOn(request({ [SESSION_HANDLE_HEADER]: handle, cookie: 'other=1' }), lost.res, true),
    ).toBe(false);
    expect(lost.answer.status).toBe(401);
    expect(JSON.parse(lost.answer.body).errors[0]).toMatchObject({ type: 'session_missing', status: 401 });

    const held = response();
    const stale = START - 3_600_000;
    const req = request({ [SESSION_HANDLE_HEADER]: handle, cookie: sessionCookie('demo-shopper', stale) });
    expect(sessionCallGoesOn(req, held.res, true)).toBe(true);
    expect(held.setCookie).toHaveLength(1);
    // No handle: no session named, nothing to do.
    const none = response();
    expect(sessionCallGoesOn(request({}), none.res, true)).toBe(true);
    expect(none.answer.status).toBe(0);
  });
});

describe('the cap on session cookies per browser', () => {
  const code = (n: number) => `codigo-${n}-${'x'.repeat(190)}`;
  /** n cookies, the i-th last used i minutes after START. */
  const jar = (count: number, options: { secure?: boolean } = {}) =>
    Array.from({ length: count }, (_, i) => sessionCookie(code(i), START + i * 60_000, options)).join('; ');
  const expired = (setCookie: string[]) =>
    setCookie
      .slice(1)
      .map(attributes)
      .map((cookie) => {
        expect(cookie.attributes).toContain('Max-Age=0');
        expect(cookie.value).toBe('');
        return `${cookie.name} ${cookie.attributes.find((a) => a.startsWith('Path=')) ?? ''}`;
      });

  beforeEach(() => vi.setSystemTime(START + 3_600_000));

  it('opening one more than the cap expires the least recently used, with the same name, path and flags', () => {
    const { res, setCookie } = response();
    attachSession(request({ cookie: jar(30) }), res, 'novo', { secure: true, cap: 30 });
    expect(expired(setCookie)).toEqual([`${cookieNameFor(handleForCode(code(0)), true)} Path=/`]);
    expect(setCookie[1]).toMatch(/HttpOnly/);
    expect(setCookie[1]).toMatch(/Secure/);
    expect(setCookie[1]).toMatch(/SameSite=Strict/);
  });

  it('expires as many as needed, oldest first, and follows the configured cap', () => {
    const { res, setCookie } = response();
    attachSession(request({ cookie: jar(12) }), res, 'novo', { secure: true, cap: 10 });
    expect(expired(setCookie)).toEqual(
      [0, 1, 2].map((n) => `${cookieNameFor(handleForCode(code(n)), true)} Path=/`),
    );
  });

  it('reopening a session the browser holds replaces its cookie: nothing else is expired', () => {
    const { res, setCookie } = response();
    attachSession(request({ cookie: jar(30) }), res, code(0), { secure: true, cap: 30 });
    expect(setCookie).toHaveLength(1);
  });

  it('expires the plain-http names the same way, without Secure', () => {
    const { res, setCookie } = response();
    attachSession(request({ cookie: jar(30, { secure: false }) }), res, 'novo', { secure: false, cap: 30 });
    expect(expired(setCookie)).toEqual([`${cookieNameFor(handleForCode(code(0)), false)} Path=/`]);
    expect(setCookie[1]).not.toMatch(/Secure/);
  });

  it('expires the cookies that no longer read as a session: the first design’s (Path=/api), ended or tampered ones', () => {
    const oldDesign = `sf_s_${handleForCode('antigo')}=antigo`;
    const ended = sessionCookie('acabou', START - 13 * 3_600_000);
    const tampered = `__Host-sf_s_${handleForCode('um')}=${base36(START)}.${base36(START + 1e7)}.outro`;
    const { res, setCookie } = response();
    attachSession(request({ cookie: [oldDesign, ended, tampered, 'tema=escuro'].join('; ') }), res, 'novo', {
      secure: true,
      cap: 30,
    });
    expect(expired(setCookie).sort()).toEqual(
      [
        `sf_s_${handleForCode('antigo')} Path=/`,
        `sf_s_${handleForCode('antigo')} Path=/api`,
        `__Host-sf_s_${handleForCode('acabou')} Path=/`,
        `__Host-sf_s_${handleForCode('um')} Path=/`,
      ].sort(),
    );
  });
});

describe('forged session cookies', () => {
  /** `count` session-looking names no open ever wrote: `sf_s_<22 characters>=1`, about 31 bytes each. */
  const forged = (count: number) =>
    Array.from({ length: count }, (_, i) => `sf_s_${`forged${i}`.padEnd(22, 'x')}=1`).join('; ');

  it('480 of them (a 15 KB Cookie header): the open expires at most 8, and its session is set', () => {
    const header = forged(480);
    expect(header.length).toBeGreaterThan(14_000);
    const { res, headers, setCookie } = response();
    attachSession(request({ cookie: header }), res, 'novo', { secure: false, cap: 30 });
    expect(attributes(setCookie[0] ?? '').name).toBe(cookieNameFor(handleForCode('novo'), false));
    expect(headers[SESSION_HANDLE_HEADER]).toBe(handleForCode('novo'));
    // Each expired name twice at most (Path=/ and the first design's Path=/api).
    expect(setCookie.length).toBeLessThanOrEqual(1 + 2 * 8);
    expect(setCookie.join('\r\n').length).toBeLessThan(2_048);
  });

  it('the browser’s own leftovers go first: the first design’s and ended cookies among the forged ones', () => {
    const oldDesign = `sf_s_${handleForCode('antigo')}=antigo`;
    const ended = sessionCookie('acabou', START - 13 * 3_600_000, { secure: false });
    const { res, setCookie } = response();
    attachSession(request({ cookie: `${forged(100)}; ${oldDesign}; ${ended}` }), res, 'novo', {
      secure: false,
      cap: 30,
    });
    const expiredNames = new Set(setCookie.slice(1).map((header) => attributes(header).name));
    expect(expiredNames.size).toBe(8);
    expect(expiredNames).toContain(`sf_s_${handleForCode('antigo')}`);
    expect(expiredNames).toContain(cookieNameFor(handleForCode('acabou'), false));
  });

  it('do not change the cap on readable cookies: the least recently used beyond it still go', () => {
    const code = (n: number) => `codigo-${n}`;
    const jar = Array.from({ length: 30 }, (_, i) => sessionCookie(code(i), START + i * 60_000)).join('; ');
    const { res, setCookie } = response();
    attachSession(request({ cookie: `${forged(480)}; ${jar}` }), res, 'novo', { secure: true, cap: 30 });
    const expiredNames = setCookie.slice(1).map((header) => attributes(header).name);
    expect(expiredNames).toContain(cookieNameFor(handleForCode(code(0)), true));
    expect(new Set(expiredNames.filter((name) => name.startsWith('sf_s_forged'))).size).toBe(8);
  });
});

describe('forged session cookies through the BFF', () => {
  let sandbox: TestSandbox;
  let bff: Awaited<ReturnType<typeof startTestBff>>;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    bff = await startTestBff({ upstreamUrl: sandbox.url });
  });
  afterAll(async () => {
    await bff?.stop();
    await sandbox?.close();
  });
  beforeEach(() => vi.useRealTimers());

  it('a session open with 480 forged cookies (a 15 KB request) opens, with a head under 4 KB', async () => {
    const cookie = Array.from(
      { length: 480 },
      (_, i) => `sf_s_${randomBytes(16).toString('base64url').slice(0, 22)}=${i % 10}`,
    ).join('; ');
    expect(cookie.length).toBeGreaterThan(14_000);
    const answer = await new Promise<{ status: number; rawHeaders: string[]; body: string }>(
      (resolve, reject) => {
        const body = JSON.stringify({ code: 'demo-shopper' });
        const req = httpRequest(
          `${bff.url}/api/session`,
          { method: 'POST', headers: { 'content-type': 'application/json', cookie } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: text }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );
    expect(answer.status).toBe(200);
    const setCookies = answer.rawHeaders.filter(
      (_, i) => i % 2 === 1 && answer.rawHeaders[i - 1]?.toLowerCase() === 'set-cookie',
    );
    expect(setCookies[0]).toMatch(/^(__Host-)?sf_s_[A-Za-z0-9_-]{22}=[0-9a-z]+\.[0-9a-z]+\.demo-shopper;/);
    expect(setCookies.length).toBeLessThanOrEqual(1 + 2 * 8);
    // The status line and every header line as they went over the wire: `name: value` and CRLF.
    const head = answer.rawHeaders.reduce(
      (size, part) => size + part.length + 2,
      'HTTP/1.1 200 OK\r\n'.length,
    );
    expect(head).toBeLessThan(4_096);
  });
});
