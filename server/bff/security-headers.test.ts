import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingUpstream, startTestBff } from '../../tests/server-harness.ts';
import { createSecurityHeaders } from './security-headers.ts';

const TRAY_ORIGINS = 'https://www.tray.com.br https://*.tray.com.br';

const MERCADO_PAGO_HOSTS = {
  'script-src': ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
  'frame-src': ['https://secure-fields.mercadopago.com'],
  'connect-src': [
    'https://api.mercadopago.com',
    'https://api-static.mercadopago.com',
    'https://secure-fields.mercadopago.com',
    'https://http2.mlstatic.com',
  ],
};
const RECAPTCHA_HOSTS = {
  'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/** The strict policy every response carries, frame-ancestors aside. */
const STRICT = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
};

type Answer = { status: number; rawHeaders: string[]; body: string };

/** node:http, not fetch: fetch joins repeated headers, and the test must count them. */
function send(url: string, method = 'GET', headers: Record<string, string> = {}, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function headerValues(answer: Answer, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    if (answer.rawHeaders[i]?.toLowerCase() === name) values.push(answer.rawHeaders[i + 1] ?? '');
  }
  return values;
}

/** The one Content-Security-Policy of an answer, as a map of directives. */
function policyOf(answer: Answer): Record<string, string[]> {
  const headers = headerValues(answer, 'content-security-policy');
  expect(headers).toHaveLength(1);
  const directives: Record<string, string[]> = {};
  for (const directive of (headers[0] ?? '').split(';')) {
    const [name = '', ...sources] = directive.trim().split(/\s+/);
    expect(directives[name]).toBeUndefined();
    directives[name] = sources;
  }
  return directives;
}

function expectSecurityHeaders(answer: Answer) {
  const one = (name: string) => {
    const values = headerValues(answer, name);
    expect(values, name).toHaveLength(1);
    return values[0];
  };
  expect(one('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect(one('referrer-policy')).toBe('no-referrer');
  expect(one('x-content-type-options')).toBe('nosniff');
  expect(one('cross-origin-opener-policy')).toBe('same-origin');
  expect(headerValues(answer, 'x-powered-by')).toEqual([]);
  expect(one('permissions-policy')).toMatch(/camera=\(\), geolocation=\(\).*microphone=\(\)/);
  // The whole policy, not just framing.ts' frame-ancestors: only the provider hosts vary by page.
  const policy = policyOf(answer);
  expect(Object.keys(policy).sort()).toEqual([...Object.keys(STRICT), 'frame-ancestors'].sort());
  for (const name of [
    'default-src',
    'style-src',
    'img-src',
    'font-src',
    'object-src',
    'base-uri',
    'form-action',
  ]) {
    expect(policy[name], name).toEqual(STRICT[name as keyof typeof STRICT]);
  }
  for (const name of ['script-src', 'connect-src']) expect(policy[name]?.[0], name).toBe("'self'");
}

let dist: string;
let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>;
let bff: Awaited<ReturnType<typeof startTestBff>>;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dist-security-headers-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>spa</title>');
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), 'brotli');
  writeFileSync(path.join(dist, 'assets/index-abc123.css'), 'body{}');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  upstream = await startRecordingUpstream();
  bff = await startTestBff({
    upstreamUrl: upstream.url,
    env: {
      STATIC_DIR: dist,
      TRAY_ADMIN_ORIGINS: 'https://www.tray.com.br,https://*.tray.com.br',
      // The test's connections stand for a load balancer on this host.
      TRUST_PROXY: '127.0.0.1',
    },
    frontend: { kind: 'static' },
  });
});
afterAll(async () => {
  await bff?.stop();
  await upstream.close();
  rmSync(dist, { recursive: true, force: true });
});

const EVERY_KIND_OF_RESPONSE = [
  ['the catalogue page', 'GET', '/catalog', 200],
  ['the home page', 'GET', '/', 200],
  ['the payment page', 'GET', '/order/payment', 200],
  ['the captcha page', 'GET', '/recaptcha', 200],
  ['a Tray page', 'GET', '/tray/register', 200],
  ['a page by HEAD', 'HEAD', '/order/checkout', 200],
  ['a hashed asset', 'GET', '/assets/index-abc123.js', 200],
  ['a stylesheet', 'GET', '/assets/index-abc123.css', 200],
  ['a public file', 'GET', '/favicon.svg', 200],
  ['a missing asset (404)', 'GET', '/assets/missing.js', 404],
  // Proxied answers: whatever the allow-list, the breaker or the fake upstream make of them.
  ['an API call', 'GET', '/api/product/list', 'any'],
  ['an API post', 'POST', '/api/order/current', 'any'],
  ['a Tray API call', 'GET', '/tray/link-store/391250', 'any'],
  ['a POST nobody answers (404)', 'POST', '/nada', 404],
  ['a broken JSON body', 'POST', '/api/order/items/1', 'any'],
  ['the liveness check', 'GET', '/healthz', 200],
  ['the readiness check', 'GET', '/readyz', 200],
] as const;

describe('security headers on every response', () => {
  it.each(EVERY_KIND_OF_RESPONSE)('%s (%s %s → %s)', async (what, method, address, status) => {
    const answer = await send(
      `${bff.url}${address}`,
      method,
      method === 'POST' ? { 'content-type': 'application/json' } : {},
      method === 'POST' ? (what.includes('broken') ? '{"broken' : '{}') : undefined,
    );
    if (status === 'any') expect(answer.status).toBeLessThan(500);
    else expect(answer.status).toBe(status);
    expectSecurityHeaders(answer);
  });

  it('sends the brotli copy of an asset with the headers too', async () => {
    const answer = await send(`${bff.url}/assets/index-abc123.js`, 'GET', { 'accept-encoding': 'br' });
    expect(headerValues(answer, 'content-encoding')).toEqual(['br']);
    expectSecurityHeaders(answer);
  });

  it('adds upgrade-insecure-requests only when the page came over https (through the trusted proxy)', async () => {
    const plain = policyOf(await send(`${bff.url}/catalog`));
    expect(plain['upgrade-insecure-requests']).toBeUndefined();
    const secure = policyOf(await send(`${bff.url}/catalog`, 'GET', { 'x-forwarded-proto': 'https' }));
    expect(secure['upgrade-insecure-requests']).toEqual([]);
  });
});

describe('the Content-Security-Policy per page', () => {
  it.each([
    '/catalog',
    '/',
    '/product/123',
    '/cart',
    '/order/checkout',
    '/order/checkout?x=/order/payment',
    '/order/payment/extra',
    '/order/paymentx',
    '/finish',
    '/change-payment',
    '/nada',
    '/index.html',
    '/assets/index-abc123.js',
    '/api/order/payment/credit',
    '/healthz',
  ])('%s gets the strict policy: no provider host, no framing', async (address) => {
    expect(policyOf(await send(`${bff.url}${address}`))).toEqual({
      ...STRICT,
      'frame-ancestors': ["'none'"],
    });
  });

  it.each(['/order/payment', '/order/payment/', '/order/payment?x=1', '/ORDER/Payment'])(
    'the payment page %s allows the Mercado Pago and reCAPTCHA hosts, nothing else',
    async (address) => {
      const policy = policyOf(await send(`${bff.url}${address}`));
      expect(policy).toEqual({
        ...STRICT,
        'script-src': ["'self'", ...MERCADO_PAGO_HOSTS['script-src'], ...RECAPTCHA_HOSTS['script-src']],
        'frame-src': [...MERCADO_PAGO_HOSTS['frame-src'], ...RECAPTCHA_HOSTS['frame-src']],
        'connect-src': ["'self'", ...MERCADO_PAGO_HOSTS['connect-src']],
        'frame-ancestors': ["'none'"],
      });
    },
  );

  it.each(['/recaptcha', '/recaptcha/', '/reCAPTCHA?debug=1'])(
    'the captcha page %s allows the reCAPTCHA hosts only',
    async (address) => {
      const policy = policyOf(await send(`${bff.url}${address}`));
      expect(policy).toEqual({
        ...STRICT,
        'script-src': ["'self'", ...RECAPTCHA_HOSTS['script-src']],
        'frame-src': RECAPTCHA_HOSTS['frame-src'],
        'frame-ancestors': ["'none'"],
      });
      expect(JSON.stringify(policy)).not.toMatch(/mercadopago|mlstatic/);
    },
  );

  it('a HEAD of the payment page gets the same policy as its GET', async () => {
    const get = policyOf(await send(`${bff.url}/order/payment`));
    expect(policyOf(await send(`${bff.url}/order/payment`, 'HEAD'))).toEqual(get);
  });

  it('the payment page and a Tray page over https keep their own sources, and upgrade insecure requests', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const payment = policyOf(await send(`${bff.url}/order/payment`, 'GET', https));
    expect(payment['connect-src']).toEqual(["'self'", ...MERCADO_PAGO_HOSTS['connect-src']]);
    expect(payment['upgrade-insecure-requests']).toEqual([]);
    const tray = await send(`${bff.url}/tray/register/`, 'GET', https);
    expect(policyOf(tray)).toEqual({
      ...STRICT,
      'frame-ancestors': TRAY_ORIGINS.split(' '),
      'upgrade-insecure-requests': [],
    });
    expect(headerValues(tray, 'x-frame-options')).toEqual([]);
  });

  it('a POST to the payment page address gets no provider host', async () => {
    const answer = await send(
      `${bff.url}/order/payment`,
      'POST',
      { 'content-type': 'application/json' },
      '{}',
    );
    expect(policyOf(answer)).toEqual({ ...STRICT, 'frame-ancestors': ["'none'"] });
  });

  it.each(['/tray/register', '/tray/register/callback?code=x', '/Tray/Register/'])(
    'the Tray page %s keeps the strict policy with its admin origins as frame ancestors',
    async (address) => {
      const answer = await send(`${bff.url}${address}`);
      expect(policyOf(answer)).toEqual({ ...STRICT, 'frame-ancestors': TRAY_ORIGINS.split(' ') });
      expect(headerValues(answer, 'x-frame-options')).toEqual([]);
    },
  );

  it('every other response refuses framing with X-Frame-Options too', async () => {
    const answer = await send(`${bff.url}/catalog`);
    expect(headerValues(answer, 'x-frame-options')).toEqual(['DENY']);
  });
});

describe('the Content-Security-Policy with the development server', () => {
  it("lets Vite's inline preamble and hot-reload socket in, on no more than in production", async () => {
    const dev = await startTestBff({
      upstreamUrl: upstream.url,
      frontend: {
        kind: 'middleware',
        handler: (_req, _res, next) => next(),
        sendIndex: (_req, res) => {
          res.type('html').send('<!doctype html><title>dev</title>');
        },
      },
    });
    try {
      const policy = policyOf(await send(`${dev.url}/catalog`));
      expect(policy['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
      expect(policy['frame-src']).toEqual(["'none'"]);
    } finally {
      await dev.stop();
    }
  });
});

describe('the pages named by the call policies', () => {
  /** The headers the handler writes for one request (it decides from the method, the address and https). */
  function headersFor(handler: RequestHandler, method: string, url: string, secure = false) {
    const written = new Map<string, string>();
    const res = { setHeader: (name: string, value: string) => written.set(name.toLowerCase(), value) };
    let nextCalls = 0;
    handler({ method, url, secure } as never, res as never, () => {
      nextCalls += 1;
    });
    expect(nextCalls).toBe(1);
    return written;
  }
  const directivesOf = (written: Map<string, string>) =>
    Object.fromEntries(
      (written.get('content-security-policy') ?? '').split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );

  it('a page gets exactly the sources its policy names, however the page was written', () => {
    const handler = createSecurityHeaders({
      trayPages: [],
      trayAdminOrigins: [],
      providerPages: { '/Checkout/Pix/': ['mercadoPago'] },
    });
    for (const url of ['/checkout/pix', '/CHECKOUT/pix/', '/checkout/pix?step=2']) {
      const policy = directivesOf(headersFor(handler, 'GET', url));
      expect(policy['connect-src'], url).toEqual(["'self'", ...MERCADO_PAGO_HOSTS['connect-src']]);
      expect(policy['script-src'], url).toEqual(["'self'", ...MERCADO_PAGO_HOSTS['script-src']]);
    }
    for (const [method, url] of [
      ['GET', '/checkout/pix/x'],
      ['GET', '/checkout/pix//'],
      ['POST', '/checkout/pix'],
      ['GET', '/order/payment'],
    ] as const) {
      expect(directivesOf(headersFor(handler, method, url)), `${method} ${url}`).toEqual({
        ...STRICT,
        'frame-ancestors': ["'none'"],
      });
    }
  });

  it('every response gets the same fixed headers, X-Frame-Options but on the Tray pages', () => {
    const handler = createSecurityHeaders({
      trayPages: ['/tray/register'],
      trayAdminOrigins: ['https://www.tray.com.br'],
      providerPages: { '/order/payment': ['mercadoPago', 'recaptcha'] },
    });
    const api = headersFor(handler, 'GET', '/api/product/list');
    const payment = headersFor(handler, 'GET', '/order/payment', true);
    const tray = headersFor(handler, 'GET', '/tray/register');
    const fixed = (written: Map<string, string>) =>
      [...written].filter(([name]) => name !== 'content-security-policy' && name !== 'x-frame-options');
    expect(fixed(payment)).toEqual(fixed(api));
    expect(fixed(tray)).toEqual(fixed(api));
    expect(api.get('x-frame-options')).toBe('DENY');
    expect(tray.has('x-frame-options')).toBe(false);
    expect(directivesOf(tray)['frame-ancestors']).toEqual(['https://www.tray.com.br']);
  });
});
