import type { RequestHandler, Response } from 'express';

/**
 * Who may show the BFF's answers inside a frame (clickjacking defence).
 *
 * Every response refuses framing: `Content-Security-Policy: frame-ancestors 'none'` for current
 * browsers and `X-Frame-Options: DENY` for old ones. The two Tray pages (tray/register and its
 * callback) are opened by the Tray store admin inside an iframe, so they allow exactly the
 * configured admin origins (TRAY_ADMIN_ORIGINS) and send no X-Frame-Options (it cannot name an
 * origin, and a browser honouring it would block the admin).
 *
 * Composing with the full Content-Security-Policy (issue 10): a response must carry ONE policy.
 * Browsers enforce every Content-Security-Policy header they receive, each on its own, so a second
 * header cannot relax this one. Issue 10 should build the policy as a map of directives (this
 * module contributes only `frame-ancestors`, per route, through `res.locals.frameAncestors`),
 * add its own directives (default-src, script-src...) and write the header once from the map,
 * replacing `setFramingHeaders`' header; it must never `append` a second Content-Security-Policy.
 */

/** A DNS host name: labels of letters, digits and hyphens, with at least one dot. */
const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** `https://host`, `https://host:port` or `https://*.host`, optionally with a lone trailing slash. */
const ADMIN_ORIGIN = /^https:\/\/(\*\.)?([^/:@?#*\s]+)(?::(\d{1,5}))?\/?$/;

export type TrayAdminOrigins = { allowed: string[]; ignored: string[] };

/**
 * Keeps the configured admin origins that are safe to put in `frame-ancestors`: https origins of
 * a host name (with an optional port) or https wildcard hosts such as `https://*.tray.com.br`.
 * Anything else (http, credentials, paths, queries, IP addresses, `'self'`, `*`, other keywords)
 * is ignored, so a typo can neither widen the policy nor inject another directive.
 */
export function parseTrayAdminOrigins(configured: readonly string[]): TrayAdminOrigins {
  const allowed: string[] = [];
  const ignored: string[] = [];
  for (const raw of configured) {
    const entry = raw.trim().toLowerCase();
    const match = ADMIN_ORIGIN.exec(entry);
    const [, wildcard = '', host = '', port] = match ?? [];
    const portOk = port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
    if (!match || !HOST.test(host) || !portOk) {
      ignored.push(raw);
      continue;
    }
    const source = `https://${wildcard}${host}${port ? `:${port}` : ''}`;
    if (!allowed.includes(source)) allowed.push(source);
  }
  return { allowed, ignored };
}

/** An ignored entry as it may be logged: never with the credentials someone put in it. */
export function describeIgnoredOrigin(raw: string): string {
  return JSON.stringify(raw.replace(/\/\/[^/?#]*@/, '//[redacted]@').slice(0, 120));
}

const NONE = "'none'";

/** Sets the framing headers for a response; `ancestors` empty means nobody may frame it. */
export function setFramingHeaders(res: Response, ancestors: readonly string[]): void {
  const sources = ancestors.length > 0 ? ancestors.join(' ') : NONE;
  res.locals.frameAncestors = sources;
  res.setHeader('Content-Security-Policy', `frame-ancestors ${sources}`);
  if (ancestors.length > 0) res.removeHeader('X-Frame-Options');
  else res.setHeader('X-Frame-Options', 'DENY');
}

/** First middleware of the app: every response refuses framing unless a route says otherwise. */
export const refuseFraming: RequestHandler = (_req, res, next) => {
  setFramingHeaders(res, []);
  next();
};

/**
 * Put in front of the Tray pages' handler (same route, so exactly the paths Express matches:
 * any case, with or without a trailing slash, any query): only the admin origins may frame them.
 * With no valid origin configured they keep refusing framing like every other page.
 */
export function allowTrayFraming(allowed: readonly string[]): RequestHandler {
  return (_req, res, next) => {
    setFramingHeaders(res, allowed);
    next();
  };
}
