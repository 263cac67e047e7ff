import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serialize as serializeCookie } from 'cookie';
import { ANONYMOUS_SESSION_CODE, isWellFormedVisitorId } from '../../src/contract/session-code.ts';
import { cookieValues, SECURE_COOKIE_PREFIX, secureFlag } from './session.ts';

/**
 * The anonymous visitor's id (docs/decisions/0019-anonymous-visitors.md). A chat link without a code
 * opens `anonymous-session`, the same code for everyone; the BFF tells browsers apart with a random
 * id of its own, kept in an HttpOnly cookie and sent upstream as X-Visitor-Id on every call of that
 * session, so the backend gives each browser an order of its own. Page scripts never see it; like
 * a session code it is a bearer secret: never logged, never a metric label, never in a message.
 */
export const VISITOR_COOKIE_NAME = 'sf_v';

/**
 * 30 days from the last open or resume without a code: a visitor who leaves a cart and comes back
 * from the site's chat a few weeks later finds it again, while a browser that stopped coming does
 * not keep the id for ever. The session cookie itself still lasts 12 hours; this one outlives it.
 */
export const VISITOR_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * `__Host-sf_v` when cookies are Secure, else `sf_v`. Only the configured name is read: a plain
 * `sf_v` can be set by a sibling subdomain, which could then fix a victim's visitor id to one the
 * attacker knows and read the cart and contact data the victim types. `__Host-` cannot be.
 */
export const visitorCookieName = (secure: boolean): string =>
  `${secure ? SECURE_COOKIE_PREFIX : ''}${VISITOR_COOKIE_NAME}`;

/** The browser's visitor id from its cookie, when it holds a well-formed one. */
export function visitorIdFrom(req: IncomingMessage, secure: boolean): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return cookieValues(header, visitorCookieName(secure)).find(isWellFormedVisitorId);
}

/**
 * The visitor id of an open or resume of `code`: for `anonymous-session` the browser's own, or a new
 * one (128 random bits) when it holds none; nothing for any other code.
 */
export function visitorIdForOpen(req: IncomingMessage, code: string, secure: boolean): string | undefined {
  if (code !== ANONYMOUS_SESSION_CODE) return undefined;
  return visitorIdFrom(req, secure) ?? randomBytes(16).toString('base64url');
}

/**
 * The visitor id a forwarded call of the session `bearer` carries upstream: the browser's, for
 * `anonymous-session` only. Undefined for that session means the browser has none, and the call must
 * not go on (it would reach the backend's shared anonymous order): see `anonymousCallLacksVisitor`.
 */
export function visitorIdForCall(req: IncomingMessage, bearer: string | undefined, secure: boolean) {
  return bearer === ANONYMOUS_SESSION_CODE ? visitorIdFrom(req, secure) : undefined;
}

/** A call of `anonymous-session` from a browser without its visitor cookie (cleared, or an older tab). */
export const anonymousCallLacksVisitor = (bearer: string | undefined, visitorId: string | undefined) =>
  bearer === ANONYMOUS_SESSION_CODE && visitorId === undefined;

/** Writes the visitor cookie (kept or new) for another VISITOR_MAX_AGE_SECONDS. */
export function keepVisitorCookie(res: ServerResponse, visitorId: string, secure: boolean): void {
  const name = visitorCookieName(secure);
  res.appendHeader(
    'Set-Cookie',
    serializeCookie(name, visitorId, {
      httpOnly: true,
      secure: secureFlag(name, secure),
      sameSite: 'strict',
      // Path=/ is what the __Host- prefix requires.
      path: '/',
      maxAge: VISITOR_MAX_AGE_SECONDS,
    }),
  );
}
