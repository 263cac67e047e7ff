import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
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
