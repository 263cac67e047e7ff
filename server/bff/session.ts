import { hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { Response } from 'express';
import { isValidSessionCode, SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';

/**
 * Session per tab (see docs/decisions/0002-session-per-tab.md).
 *
 * The chat link's session code is the shopper's credential. The browser tab never keeps it:
 * the BFF stores it in an HttpOnly cookie whose NAME is derived from a hash of the code, and
 * gives the tab that hash as a non-secret "handle". The tab sends the handle in a header on
 * every call; the BFF picks the matching cookie and turns it into `Authorization: Bearer`.
 * Two tabs with two codes therefore never touch each other's session, page scripts cannot
 * read the code, and a cross-site request cannot add the custom header (CSRF).
 */
export const SESSION_COOKIE_PREFIX = 'sf_s_';
/** A chat session lasts a working day; the tab's own copy of the handle expires with it. */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

const HANDLE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/**
 * 128 bits of SHA-256: enough to never collide, and it reveals nothing of the code. Worked out on
 * every call of a tab (one-shot `hash`: less than half the cost of a Hash object).
 */
export function handleForCode(code: string): string {
  return hash('sha256', code, 'base64url').slice(0, 22);
}

export function cookieNameFor(handle: string): string {
  return `${SESSION_COOKIE_PREFIX}${handle}`;
}

export function sessionCookie(code: string, secure: boolean): { handle: string; header: string } {
  const handle = handleForCode(code);
  const header = serializeCookie(cookieNameFor(handle), code, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    // Only the API needs it: assets and pages are requested without it.
    path: '/api',
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return { handle, header };
}

/** The tab's session code, found through its handle header, or undefined. */
export function sessionCodeFrom(req: IncomingMessage): string | undefined {
  const handle = req.headers[SESSION_HANDLE_HEADER];
  if (typeof handle !== 'string' || !HANDLE_PATTERN.test(handle)) return undefined;
  const cookieHeader = req.headers.cookie;
  if (!cookieHeader) return undefined;
  const code = parseCookies(cookieHeader)[cookieNameFor(handle)];
  // The cookie must still belong to the handle: a tampered value is ignored, not forwarded.
  if (!code || !isValidSessionCode(code) || handleForCode(code) !== handle) return undefined;
  return code;
}

export function attachSession(res: Response, code: string, secure: boolean): void {
  const { handle, header } = sessionCookie(code, secure);
  res.append('Set-Cookie', header);
  res.set(SESSION_HANDLE_HEADER, handle);
}
