/**
 * Who may show the BFF's pages inside a frame (clickjacking defence): nobody, except the two Tray
 * pages, which the Tray store admin opens in an iframe and which therefore allow exactly the
 * configured admin origins (TRAY_ADMIN_ORIGINS). The headers themselves (`frame-ancestors` in the
 * one Content-Security-Policy, X-Frame-Options elsewhere) are written by security-headers.ts; this
 * module reads the configured origins and refuses any that could widen the policy.
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
