import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { CspSourceName } from './call-policy.ts';

/**
 * The security headers of every response the BFF sends: pages, assets, API answers, errors, health.
 *
 * helmet writes them all: HSTS (one year, subdomains), `Referrer-Policy: no-referrer`,
 * `X-Content-Type-Options: nosniff`, `Cross-Origin-Opener-Policy: same-origin`, the rest of its
 * defaults, `X-Frame-Options: DENY` (not on the Tray pages: it cannot name an origin, and a browser
 * honouring it would block the Tray admin's frame) and the ONE Content-Security-Policy, with
 * per-route directives (helmet's `contentSecurityPolicy.directives`, as Epic Stack does). Only
 * Permissions-Policy is ours (helmet has none).
 *
 * The policy depends on three things only:
 * - the page, asked for by GET (or HEAD): the pages in `providerPages` add the hosts of the providers
 *   they load (the card page /order/payment: Mercado Pago and reCAPTCHA; the debug page /recaptcha:
 *   reCAPTCHA), and the Tray pages let the configured Tray admin origins frame them;
 *   every other response gets the strict base policy with `frame-ancestors 'none'`. Pages are matched
 *   like the SPA's router (and Express): any case, with or without one trailing slash, any query.
 *   The shopper reaches the card page by a full page load (use-finish-checkout.ts), so its document
 *   carries its policy;
 * - whether the request came over https (`req.secure`, directly or through the trusted proxy):
 *   only then `upgrade-insecure-requests` (on http://localhost, npm run dev and the e2e run, it would
 *   send the SPA's own requests to an https port nobody listens on);
 * - the development server (Vite's inline preamble and hot-reload socket), fixed for the process.
 *
 * So there are a handful of variants, known at start: helmet runs once for each, against a response
 * that only records headers, and each variant's complete header list is kept. Per request the
 * variant is picked from the method, the path and `req.secure` with one Map lookup, and its headers
 * are written in one loop: no per-request policy, closure or writeHead wrapper.
 */

export type Directives = Readonly<Record<string, readonly string[]>>;

const SELF = "'self'";
const NONE = "'none'";

/** Every response: the SPA's own origin only, no inline or evaluated script. */
const BASE: Directives = {
  'default-src': [SELF],
  'script-src': [SELF],
  // react-hot-toast (and the brick's and reCAPTCHA's widgets) inject <style> elements and style
  // attributes at run time: styles inline are allowed, scripts are not.
  'style-src': [SELF, "'unsafe-inline'"],
  // Product images may come from the backend's CDN (any https host); data: and blob: for previews.
  'img-src': [SELF, 'data:', 'blob:', 'https:'],
  'font-src': [SELF, 'data:'],
  'connect-src': [SELF],
  'frame-src': [NONE],
  'object-src': [NONE],
  'base-uri': [NONE],
  'form-action': [SELF],
};

/** The third parties a page may load, and the hosts each needs (docs/domain.md). */
export const CSP_SOURCES = {
  /** Mercado Pago's Card Payment Brick (its images are covered by img-src https:). */
  mercadoPago: {
    'script-src': ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
    'frame-src': ['https://secure-fields.mercadopago.com'],
    'connect-src': [
      'https://api.mercadopago.com',
      'https://api-static.mercadopago.com',
      'https://secure-fields.mercadopago.com',
      'https://http2.mlstatic.com',
    ],
  },
  /** Google reCAPTCHA v2. */
  recaptcha: {
    'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
} as const satisfies Record<CspSourceName, Directives>;

/** Named by the call policies (call-policy.ts): a payment call names what its page loads. */
export type { CspSourceName };

/** The SPA pages whose documents load third-party code, and which. */
export type ProviderPages = Readonly<Record<string, readonly CspSourceName[]>>;

/**
 * Powerful features no page of the storefront uses, turned off for them and for anything they
 * embed (helmet writes no Permissions-Policy). Payment is left alone: the card brick runs in
 * Mercado Pago's frames. Also written on the answers index.ts sends straight to a socket.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=()';

export type SecurityHeadersOptions = {
  /**
   * Development with Vite's middlewares: its index.html carries an inline module script (the React
   * refresh preamble) and hot reload talks over a WebSocket on its own port. Never in production.
   */
  devServer?: boolean;
  /** The pages the Tray admin shows in its frame (app.ts' TRAY_PAGES). */
  trayPages: readonly string[];
  /** The Tray admin origins that may frame them (framing.ts' parseTrayAdminOrigins, `allowed`). */
  trayAdminOrigins: readonly string[];
  providerPages: ProviderPages;
};

type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;
/** One page's headers: over plain http, and over https. */
type Variant = { readonly http: HeaderList; readonly https: HeaderList };

/** `base` with the sources of `extras` added, each once; an added source replaces a lone 'none'. */
function withSources(base: Directives, extras: readonly Directives[]): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const [name, sources] of Object.entries(base)) merged[name] = [...sources];
  for (const extra of extras) {
    for (const [name, sources] of Object.entries(extra)) {
      const current = (merged[name] ?? []).filter((source) => source !== NONE);
      merged[name] = [...current, ...sources.filter((source) => !current.includes(source))];
    }
  }
  return merged;
}

/**
 * The headers helmet writes with `options`, as a list: its middleware runs once against a response
 * that only records them (helmet's middlewares are synchronous and touch nothing else).
 */
function headersOfHelmet(options: HelmetOptions): HeaderList {
  const headers = new Map<string, readonly [string, string]>();
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), [name, String(value)]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let done = false;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return [...headers.values()];
}

function variant(directives: Directives, frameAncestors: readonly string[]): Variant {
  const framed = frameAncestors.length > 0;
  const headers = (secure: boolean): HeaderList => {
    const all: Record<string, readonly string[]> = {
      ...directives,
      'frame-ancestors': framed ? frameAncestors : [NONE],
    };
    if (secure) all['upgrade-insecure-requests'] = [];
    return [
      ...headersOfHelmet({
        contentSecurityPolicy: { useDefaults: false, directives: all },
        xFrameOptions: framed ? false : { action: 'deny' },
        strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
        referrerPolicy: { policy: 'no-referrer' },
        crossOriginOpenerPolicy: { policy: 'same-origin' },
        // app.ts disables Express' X-Powered-By: nothing ever writes it, nothing to remove.
        xPoweredBy: false,
      }),
      ['Permissions-Policy', PERMISSIONS_POLICY],
    ];
  };
  return { http: headers(false), https: headers(true) };
}

/** A page's key as the SPA's router matches it: lower case, without one trailing slash or the query. */
function pageKey(url: string): string {
  const query = url.indexOf('?');
  let path = query === -1 ? url : url.slice(0, query);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path.toLowerCase();
}

/** The security headers of every response: put first, before anything can answer. */
export function createSecurityHeaders(options: SecurityHeadersOptions): RequestHandler {
  const devExtra: Directives = options.devServer
    ? { 'script-src': ["'unsafe-inline'"], 'connect-src': ['ws:', 'wss:'] }
    : {};
  const strict = variant(withSources(BASE, [devExtra]), []);
  const pages = new Map<string, Variant>();
  for (const [page, sources] of Object.entries(options.providerPages)) {
    const extras = sources.map((source) => CSP_SOURCES[source]);
    pages.set(pageKey(page), variant(withSources(BASE, [...extras, devExtra]), []));
  }
  if (options.trayAdminOrigins.length > 0) {
    // With no valid origin configured the Tray pages keep refusing framing like every other page.
    const tray = variant(withSources(BASE, [devExtra]), options.trayAdminOrigins);
    for (const page of options.trayPages) pages.set(pageKey(page), tray);
  }
  const longest = Math.max(0, ...[...pages.keys()].map((page) => page.length));

  return function securityHeaders(req, res, next) {
    let chosen = strict;
    if (req.method === 'GET' || req.method === 'HEAD') {
      // An absolute-form target (`GET http://host/path`): its path, as Express routes it.
      const url = req.url.charCodeAt(0) === 47 ? req.url : req.path;
      const query = url.indexOf('?');
      // A path longer than every page with its trailing slash (most API calls) needs no lookup.
      if ((query === -1 ? url.length : query) <= longest + 1) chosen = pages.get(pageKey(url)) ?? strict;
    }
    const headers = req.secure ? chosen.https : chosen.http;
    for (let i = 0; i < headers.length; i++) {
      const header = headers[i] as readonly [string, string];
      res.setHeader(header[0], header[1]);
    }
    next();
  };
}
