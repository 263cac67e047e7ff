import { hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serialize as serializeCookie } from 'cookie';
import {
  isValidSessionCode,
  SESSION_HANDLE_HEADER,
  SESSION_LIFETIME_SECONDS,
} from '../../src/contract/session-code.ts';
import { sendError } from './errors.ts';

/**
 * Session per tab (see docs/decisions/0002-session-per-tab.md).
 *
 * The chat link's session code is the shopper's credential. The browser tab never keeps it:
 * the BFF stores it in an HttpOnly cookie whose NAME is derived from a hash of the code, and
 * gives the tab that hash as a non-secret "handle". The tab sends the handle in a header on
 * every call; the BFF picks the matching cookie and turns it into `Authorization: Bearer`.
 * Two tabs with two codes therefore never touch each other's session, page scripts cannot
 * read the code, and a cross-site request cannot add the custom header (CSRF).
 *
 * An operator opens many chat links a day, one cookie each, and the browser sends them all on
 * every call: a browser keeps at most `SESSION_COOKIE_CAP` of them (config.ts); opening one more
 * expires the least recently used. So each cookie's value carries its last use (refreshed by the
 * calls that use it) and its end:
 *
 *   `<last use>.<expires>.<code>`   (both in seconds since 1970, base 36: digits and a-z, no dot)
 *
 * The code comes after the second dot, so a code with dots of its own reads back unchanged.
 */
export const SESSION_COOKIE_PREFIX = 'sf_s_';
/** Over https the name is prefixed: the browser then keeps the cookie only if Secure, Path=/ and without Domain. */
export const SECURE_COOKIE_PREFIX = '__Host-';
/** An operator's shift; the tab's own copy of the handle expires with it (SESSION_LIFETIME_SECONDS). */
export const SESSION_MAX_AGE_SECONDS = SESSION_LIFETIME_SECONDS;
/** A call refreshes its cookie's last-use stamp once the stamp is this old (not on every call). */
export const SESSION_REFRESH_AFTER_SECONDS = 5 * 60;

const HANDLE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const SESSION_COOKIE_NAME = /^(?:__Host-)?sf_s_([A-Za-z0-9_-]{22})$/;
const STAMPED_VALUE = /^([0-9a-z]{1,10})\.([0-9a-z]{1,10})\.(.+)$/;
/** Where the cookies of the first design lived (plain code as the value); only ever expired now. */
const OLD_COOKIE_PATH = '/api';

/**
 * 128 bits of SHA-256: enough to never collide, and it reveals nothing of the code. Worked out on
 * every call of a tab (one-shot `hash`: less than half the cost of a Hash object).
 */
export function handleForCode(code: string): string {
  return hash('sha256', code, 'base64url').slice(0, 22);
}

/** The cookie's name for a handle: `__Host-sf_s_<handle>` when cookies are Secure, else `sf_s_<handle>`. */
export function cookieNameFor(handle: string, secure: boolean): string {
  return `${secure ? SECURE_COOKIE_PREFIX : ''}${SESSION_COOKIE_PREFIX}${handle}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

type Stamped = { code: string; lastUse: number; expires: number };

function readValue(value: string): Stamped | undefined {
  const parts = STAMPED_VALUE.exec(value);
  if (!parts) return undefined;
  const code = parts[3] as string;
  if (!isValidSessionCode(code)) return undefined;
  return {
    code,
    lastUse: Number.parseInt(parts[1] as string, 36),
    expires: Number.parseInt(parts[2] as string, 36),
  };
}

/** A cookie's Secure flag: always with the prefix (the browser refuses it otherwise), else as configured. */
export const secureFlag = (name: string, secure: boolean) => secure || name.startsWith(SECURE_COOKIE_PREFIX);

function sessionSetCookie(name: string, value: Stamped, secure: boolean, now: number): string {
  return serializeCookie(name, `${value.lastUse.toString(36)}.${value.expires.toString(36)}.${value.code}`, {
    // Every character a code may hold is a plain cookie character: written as is, not percent-encoded
    // (a third of the size for a code of ':' and '+'), which keeps 30 cookies far below 16 KB.
    encode: (text) => text,
    httpOnly: true,
    secure: secureFlag(name, secure),
    sameSite: 'strict',
    // Path=/ is what the __Host- prefix requires; the tab's pages never read it (HttpOnly).
    path: '/',
    maxAge: Math.max(0, value.expires - now),
  });
}

function expiredSetCookie(name: string, secure: boolean, path = '/'): string {
  return serializeCookie(name, '', {
    httpOnly: true,
    secure: secureFlag(name, secure),
    sameSite: 'strict',
    path,
    maxAge: 0,
  });
}

/** The values of one cookie name in a Cookie header, in the browser's order (a name may repeat across paths). */
export function cookieValues(header: string, name: string): string[] {
  const values: string[] = [];
  const key = `${name}=`;
  for (let at = header.indexOf(key); at !== -1; at = header.indexOf(key, at + key.length)) {
    // Only at the start of a pair: `sf_s_x=` inside `__Host-sf_s_x=` is not this name.
    let before = at - 1;
    while (before >= 0 && header[before] === ' ') before -= 1;
    if (before >= 0 && header[before] !== ';') continue;
    const end = header.indexOf(';', at);
    values.push(header.slice(at + key.length, end === -1 ? undefined : end).trim());
  }
  return values;
}

type TabCookie = Stamped & { name: string };

/** Each call's session cookie, looked up once (the pipeline asks for it more than once per call). */
const tabCookies = new WeakMap<IncomingMessage, TabCookie | null>();

function tabCookieOf(req: IncomingMessage): TabCookie | undefined {
  let found = tabCookies.get(req);
  if (found === undefined) {
    found = lookUpTabCookie(req) ?? null;
    tabCookies.set(req, found);
  }
  return found ?? undefined;
}

function lookUpTabCookie(req: IncomingMessage): TabCookie | undefined {
  const handle = req.headers[SESSION_HANDLE_HEADER];
  if (typeof handle !== 'string' || !HANDLE_PATTERN.test(handle)) return undefined;
  const header = req.headers.cookie;
  if (!header) return undefined;
  const now = nowSeconds();
  for (const name of [cookieNameFor(handle, true), cookieNameFor(handle, false)]) {
    for (const value of cookieValues(header, name)) {
      const stamped = readValue(value);
      // The cookie must still belong to the handle (a tampered value is ignored, not forwarded)
      // and be within its life (the browser drops it then; a copy kept elsewhere is refused too).
      if (stamped && stamped.expires > now && handleForCode(stamped.code) === handle) {
        return { name, ...stamped };
      }
    }
  }
  return undefined;
}

/** The tab's session code, found through its handle header, or undefined. */
export function sessionCodeFrom(req: IncomingMessage): string | undefined {
  return tabCookieOf(req)?.code;
}

/**
 * Refreshes the last-use stamp of the call's session cookie when it is older than
 * SESSION_REFRESH_AFTER_SECONDS, by appending a Set-Cookie to `res` (same name, flags and end of
 * life: a use does not lengthen the session). Nothing for a call without a session.
 */
export function keepSessionFresh(req: IncomingMessage, res: ServerResponse, secure: boolean): void {
  const cookie = tabCookieOf(req);
  if (!cookie) return;
  const now = nowSeconds();
  if (now - cookie.lastUse < SESSION_REFRESH_AFTER_SECONDS) return;
  res.appendHeader('Set-Cookie', sessionSetCookie(cookie.name, { ...cookie, lastUse: now }, secure, now));
}

/**
 * The session step of every forwarded call (proxy.ts `forward`). A call that names a
 * session (the handle header) the browser no longer holds (its cookie evicted or expired) is
 * answered 401 `session_missing` here, and false tells the caller to stop: the tab then shows
 * 'Abra o link do chat novamente' instead of the backend's refusal of a call without a credential.
 * Otherwise true, and the session's cookie was refreshed when stale (keepSessionFresh).
 */
export function sessionCallGoesOn(req: IncomingMessage, res: ServerResponse, secure: boolean): boolean {
  if (req.headers[SESSION_HANDLE_HEADER] === undefined) return true;
  if (!tabCookieOf(req)) {
    sendError(res, 'session_missing');
    return false;
  }
  keepSessionFresh(req, res, secure);
  return true;
}

/**
 * At most this many session cookies that do not read as one are expired per answer (each name once,
 * at / and, for the plain names, at the first design's /api).
 *
 * A browser holds only a few such leftovers: the first design's cookies (one per chat link opened
 * before it changed) and, rarely, an ended or damaged one. Anything beyond is forged: a request can
 * carry hundreds of bare `sf_s_<22 characters>=x` pairs, and expiring every one (twice) made a 15 KB
 * request answer with a 95 KB head, 961 Set-Cookie headers. A forged name is not worth a header:
 * the browser's own leftovers go first (the first design's, recognised by their value, the code
 * whose hash names them; then our ended cookies), the rest is left alone or cleared eight at a time
 * by the next opens. Readable cookies are not affected: the least recently used beyond the cap are
 * expired as before.
 */
export const MAX_UNREADABLE_EXPIRED_PER_ANSWER = 8;

/**
 * The Set-Cookie headers that keep the browser at `cap` session cookies once `kept` is set: session
 * cookies it sent that no longer read as one (the first design's, an ended or tampered one) are
 * expired, at most MAX_UNREADABLE_EXPIRED_PER_ANSWER of them, then the least recently used beyond
 * the cap.
 */
function evictions(header: string | undefined, kept: string, cap: number, secure: boolean, now: number) {
  const readable: { name: string; lastUse: number }[] = [];
  /** Unreadable names that are the browser's own leftovers (the first design's, ended ones). */
  const leftovers = new Set<string>();
  /** Unreadable names nothing shows to be ours: tampered or forged. */
  const others = new Set<string>();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const handle = SESSION_COOKIE_NAME.exec(name)?.[1];
    if (at === -1 || !handle || name === kept) continue;
    const value = pair.slice(at + 1).trim();
    const stamped = readValue(value);
    if (stamped && handleForCode(stamped.code) === handle) {
      if (stamped.expires > now) readable.push({ name, lastUse: stamped.lastUse });
      else leftovers.add(name);
    } else if (
      !stamped &&
      leftovers.size < MAX_UNREADABLE_EXPIRED_PER_ANSWER &&
      isValidSessionCode(value) &&
      handleForCode(value) === handle
    ) {
      leftovers.add(name);
    } else others.add(name);
  }
  const readableNames = new Set(readable.map((cookie) => cookie.name));
  const headers: string[] = [];
  let expired = 0;
  for (const name of new Set([...leftovers, ...others])) {
    if (expired === MAX_UNREADABLE_EXPIRED_PER_ANSWER) break;
    expired += 1;
    // The first design's cookies lived at /api; the same name may also hold a good cookie at /.
    if (!readableNames.has(name)) headers.push(expiredSetCookie(name, secure));
    if (!name.startsWith(SECURE_COOKIE_PREFIX)) headers.push(expiredSetCookie(name, secure, OLD_COOKIE_PATH));
  }
  const excess = readable.length + 1 - cap;
  if (excess > 0) {
    readable.sort((a, b) => a.lastUse - b.lastUse);
    for (const { name } of readable.slice(0, excess)) headers.push(expiredSetCookie(name, secure));
  }
  return headers;
}

/**
 * An opened (or resumed) session: its cookie, living SESSION_MAX_AGE_SECONDS from now, the handle
 * header, and the expiry of the browser's session cookies beyond `cap` (least recently used first).
 */
export function attachSession(
  req: IncomingMessage,
  res: ServerResponse,
  code: string,
  options: { secure: boolean; cap: number },
): void {
  const handle = handleForCode(code);
  const name = cookieNameFor(handle, options.secure);
  const now = nowSeconds();
  const value = { code, lastUse: now, expires: now + SESSION_MAX_AGE_SECONDS };
  res.appendHeader('Set-Cookie', sessionSetCookie(name, value, options.secure, now));
  for (const expired of evictions(req.headers.cookie, name, options.cap, options.secure, now)) {
    res.appendHeader('Set-Cookie', expired);
  }
  res.setHeader(SESSION_HANDLE_HEADER, handle);
}
