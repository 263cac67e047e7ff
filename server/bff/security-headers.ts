import type { RequestHandler, Response } from 'express';
import { Router } from 'express';
import helmet from 'helmet';

/**
 * The security headers of every response the BFF sends: pages, assets, API answers, errors, health.
 *
 * helmet writes the fixed ones: HSTS (one year, subdomains), `Referrer-Policy: no-referrer`,
 * `X-Content-Type-Options: nosniff`, `Cross-Origin-Opener-Policy: same-origin`, the rest of its
 * defaults, and removes `X-Powered-By`. Two of its headers are left to others: `X-Frame-Options`
 * belongs to framing.ts (it must be absent on the Tray pages), and the Content-Security-Policy is
 * written here, per response, because it depends on the route.
 *
 * ONE Content-Security-Policy per response (browsers enforce every CSP header on its own, so a
 * second one could only tighten, never relax). It is built from a map of directives when the
 * response's headers go out, from three inputs:
 * - the strict base policy below, for every response (JSON answers too: harmless, one code path);
 * - the page: the card payment page (/order/payment) adds the Mercado Pago and reCAPTCHA hosts, the
 *   debug captcha page (/recaptcha) the reCAPTCHA hosts; no other page gets them. Routes are matched
 *   like the SPA's router: any case, with or without a trailing slash. The shopper reaches the card
 *   page by a full page load (use-finish-checkout.ts), so its document carries this policy;
 * - `frame-ancestors` from framing.ts (`res.locals.frameAncestors`: 'none', or the Tray admin origins
 *   on the Tray pages), read at the last moment because the Tray route sets it after this middleware.
 * Writing the header when the headers are sent also replaces framing.ts' own `frame-ancestors`-only
 * header, so a response never carries two policies.
 */

type Directives = Record<string, readonly string[]>;

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

/** Mercado Pago's Card Payment Brick (domain-notes.md; images are covered by img-src https:). */
const MERCADO_PAGO: Directives = {
  'script-src': ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
  'frame-src': ['https://secure-fields.mercadopago.com'],
  'connect-src': [
    'https://api.mercadopago.com',
    'https://api-static.mercadopago.com',
    'https://secure-fields.mercadopago.com',
    'https://http2.mlstatic.com',
  ],
};

/** Google reCAPTCHA v2 (domain-notes.md). */
const RECAPTCHA: Directives = {
  'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/** The SPA pages whose documents load third-party code, and what each may load. */
export const PROVIDER_PAGES: Record<string, readonly Directives[]> = {
  '/order/payment': [MERCADO_PAGO, RECAPTCHA],
  '/recaptcha': [RECAPTCHA],
};

/** Adds sources to a copy of `base`; an added source replaces a lone 'none'. */
export function mergeDirectives(base: Directives, ...extras: readonly Directives[]): Directives {
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

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length > 0 ? `${name} ${sources.join(' ')}` : name))
    .join('; ');
}

export type SecurityHeadersOptions = {
  /**
   * Development with Vite's middlewares: its index.html carries an inline module script (the React
   * refresh preamble) and hot reload talks over a WebSocket on its own port. Never in production.
   */
  devServer?: boolean;
};

/**
 * Powerful features no page of the storefront uses, turned off for them and for anything they
 * embed (helmet writes no Permissions-Policy). Payment is left alone: the card brick runs in
 * Mercado Pago's frames.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=()';

/** helmet's part: the fixed headers (see the top of this file for what is left to others). */
const HELMET_OPTIONS = {
  contentSecurityPolicy: false,
  xFrameOptions: false,
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
} as const;

/** The policies of one BFF: the page's directives, framing.ts' ancestors, https or not. */
function policyBuilder(options: SecurityHeadersOptions) {
  const dev = options.devServer === true;
  const devExtra: Directives = dev
    ? { 'script-src': ["'unsafe-inline'"], 'connect-src': ['ws:', 'wss:'] }
    : {};
  const pagePolicy = (extras: readonly Directives[]) => mergeDirectives(BASE, ...extras, devExtra);
  const defaultPolicy = pagePolicy([]);

  const buildPolicy = (directives: Directives, ancestors: string, secure: boolean): string => {
    const all: Record<string, readonly string[]> = { ...directives, 'frame-ancestors': [ancestors] };
    // Only where the page itself came over https (directly or through the trusted proxy): on
    // http://localhost (npm run dev, the e2e run) it would send the SPA's own requests to an https
    // port nobody listens on.
    if (secure) all['upgrade-insecure-requests'] = [];
    return serializePolicy(all);
  };
  // The inputs take a handful of values: each policy is serialized once, not for every response.
  const policies = new WeakMap<Directives, Map<string, string>>();
  const policyOf = (secure: boolean, directives = defaultPolicy, ancestors = NONE): string => {
    let known = policies.get(directives);
    if (!known) {
      known = new Map();
      policies.set(directives, known);
    }
    const key = `${secure ? 'https' : 'http'} ${ancestors}`;
    let policy = known.get(key);
    if (policy === undefined) {
      policy = buildPolicy(directives, ancestors, secure);
      if (known.size < 64) known.set(key, policy);
    }
    return policy;
  };
  return { pagePolicy, policyOf };
}

export function securityHeaders(options: SecurityHeadersOptions = {}): Router {
  const { pagePolicy, policyOf } = policyBuilder(options);
  const router = Router();
  router.use(helmet(HELMET_OPTIONS));
  router.use((_req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    next();
  });
  router.use((req, res, next) => {
    // Read now: by the time the headers go out a proxied request body may have been consumed and
    // its socket detached, and `req.secure` would throw.
    const secure = req.secure;
    writeBeforeHeaders(res, () =>
      res.setHeader(
        'Content-Security-Policy',
        policyOf(
          secure,
          res.locals.cspDirectives as Directives | undefined,
          res.locals.frameAncestors as string | undefined,
        ),
      ),
    );
    next();
  });
  for (const [page, extras] of Object.entries(PROVIDER_PAGES)) {
    const directives = pagePolicy(extras);
    const choose: RequestHandler = (_req, res, next) => {
      res.locals.cspDirectives = directives;
      next();
    };
    router.get(page, choose);
  }
  return router;
}

/** Runs `write` once, just before the status line and headers go out (however they are sent). */
function writeBeforeHeaders(res: Response, write: () => void): void {
  const writeHead = res.writeHead;
  let done = false;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!done) {
      done = true;
      write();
    }
    return (writeHead as (...rest: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
}
