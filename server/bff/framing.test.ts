import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingUpstream, startTestBff } from '../../tests/server-harness.ts';
import { parseTrayAdminOrigins } from './framing.ts';

const REFUSED = "frame-ancestors 'none'";
const TRAY_ALLOWED =
  'frame-ancestors https://www.tray.com.br https://*.tray.com.br https://admin.example.com:8443';

/** The Tray pages as Tray opens them: with or without a trailing slash, with their query. */
const TRAY_PAGE_ADDRESSES = [
  '/tray/register',
  '/tray/register/',
  '/tray/register?url=https%3A%2F%2Floja.exemplo.com.br&adm_user=7&store=391250',
  '/tray/register/?url=https%3A%2F%2Floja.exemplo.com.br',
  '/tray/register/callback',
  '/tray/register/callback/',
  '/tray/register/callback?code=c0d1g0&adm_user=7&store=391250&api_address=https%3A%2F%2Floja.exemplo.com.br%2Fweb_api&store_host=https%3A%2F%2Floja.exemplo.com.br',
  '/tray/register/callback/?code=c0d1g0',
  '/TRAY/Register',
];

let dist: string;
let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dist-framing-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>spa</title>');
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  upstream = await startRecordingUpstream();
});
afterAll(async () => {
  await upstream.close();
  rmSync(dist, { recursive: true, force: true });
});

function startBff(adminOrigins?: string, extra: Record<string, string> = {}) {
  return startTestBff({
    upstreamUrl: upstream.url,
    env: {
      STATIC_DIR: dist,
      ...(adminOrigins === undefined ? {} : { TRAY_ADMIN_ORIGINS: adminOrigins }),
      ...extra,
    },
    frontend: { kind: 'static' },
  });
}

/**
 * The `frame-ancestors` directive of the response's one Content-Security-Policy (the rest of the
 * policy is security-headers.test.ts' business). fetch joins a second header with ", ", which no
 * directive here contains: then the whole joined value is returned, and no expectation matches it.
 */
function framing(response: Response) {
  const policy = response.headers.get('content-security-policy');
  const directives = policy === null || policy.includes(',') ? [] : policy.split(';').map((d) => d.trim());
  return {
    csp: directives.find((directive) => directive.startsWith('frame-ancestors ')) ?? policy,
    xfo: response.headers.get('x-frame-options'),
  };
}

describe('framing headers', () => {
  let bff: Awaited<ReturnType<typeof startTestBff>>;
  beforeAll(async () => {
    bff = await startBff(
      [
        'https://www.tray.com.br',
        'https://*.tray.com.br/',
        'HTTPS://Admin.Example.com:8443',
        'https://www.tray.com.br',
        'http://insecure.tray.com.br',
        'https://user:s3nh4@tray.com.br',
        'https://tray.com.br/path',
        "'self'",
        '*',
        'https://*',
        'https://10.0.0.1',
        'https://evil.com; script-src *',
        'javascript:alert(1)',
      ].join(','),
    );
  });
  afterAll(async () => {
    await bff.stop();
  });

  it.each(TRAY_PAGE_ADDRESSES)(
    'lets only the configured Tray admin origins frame %s, without X-Frame-Options',
    async (page) => {
      const response = await fetch(`${bff.url}${page}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>spa</title>');
      // One header only: fetch would join a second one with ", ".
      expect(framing(response)).toEqual({ csp: TRAY_ALLOWED, xfo: null });
    },
  );

  it.each([
    ['the catalogue page', 'GET', '/catalog'],
    ['the home page', 'GET', '/'],
    ['a product page', 'GET', '/product/123'],
    ['an unknown page', 'GET', '/nada'],
    ['a page below the Tray pages', 'GET', '/tray/register/callback/extra'],
    ['a hashed asset', 'GET', '/assets/index-abc123.js'],
    ['a missing asset', 'GET', '/assets/missing.js'],
    ['a public file', 'GET', '/favicon.svg'],
    ['index.html itself', 'GET', '/index.html'],
    ['an API call', 'GET', '/api/product/list'],
    ['an API post', 'POST', '/api/order/current'],
    ['a Tray API call', 'GET', '/tray/link-store/391250'],
    ['the Tray link call', 'POST', '/tray/link-store'],
    ['a POST to a Tray page address', 'POST', '/tray/register/callback'],
    ['the authorize call', 'GET', '/tray/authorize?url=https://loja.exemplo.com.br'],
    ['the liveness check', 'GET', '/healthz'],
    ['the readiness check', 'GET', '/readyz'],
  ])('refuses framing of %s (%s %s)', async (_what, method, address) => {
    const response = await fetch(`${bff.url}${address}`, {
      method,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
    });
    expect(framing(response)).toEqual({ csp: REFUSED, xfo: 'DENY' });
  });

  it('warned at start about every ignored entry, without the credentials in them', () => {
    const warning = bff.logs.lines.find((line) => line.includes('TRAY_ADMIN_ORIGINS'));
    expect(warning).toBeDefined();
    const { level, ignored } = JSON.parse(warning ?? '{}');
    expect(level).toBe(40);
    expect(ignored).toHaveLength(9);
    expect(ignored).toContain(JSON.stringify('https://[redacted]@tray.com.br'));
    expect(bff.logs.text).not.toContain('s3nh4');
  });
});

describe('framing headers with no valid Tray admin origin', () => {
  it('keeps refusing framing of the Tray pages too, and says so at start when Tray is configured', async () => {
    const bff = await startBff('http://www.tray.com.br', { TRAY_CONSUMER_KEY: 'public-key-1' });
    try {
      for (const page of ['/tray/register', '/tray/register/callback?code=x']) {
        expect(framing(await fetch(`${bff.url}${page}`))).toEqual({ csp: REFUSED, xfo: 'DENY' });
      }
      expect(bff.logs.text).toContain('No valid TRAY_ADMIN_ORIGINS');
    } finally {
      await bff.stop();
    }
  });

  it('says nothing at start when neither Tray nor its admin origins are configured', async () => {
    const bff = await startBff();
    try {
      expect(framing(await fetch(`${bff.url}/tray/register`))).toEqual({ csp: REFUSED, xfo: 'DENY' });
      expect(bff.logs.text).not.toContain('TRAY_ADMIN_ORIGINS');
    } finally {
      await bff.stop();
    }
  });
});

describe('the Tray admin origins', () => {
  it('keeps https origins and https wildcard hosts, normalised, once each', () => {
    expect(
      parseTrayAdminOrigins([
        'https://www.tray.com.br',
        ' https://*.tray.com.br/ ',
        'https://WWW.tray.com.br/',
        'https://admin.example.com:8443',
        'https://xn--lj-6ka.com.br',
      ]),
    ).toEqual({
      allowed: [
        'https://www.tray.com.br',
        'https://*.tray.com.br',
        'https://admin.example.com:8443',
        'https://xn--lj-6ka.com.br',
      ],
      ignored: [],
    });
  });

  it.each([
    'http://www.tray.com.br',
    'www.tray.com.br',
    '//www.tray.com.br',
    'https://user:pass@www.tray.com.br',
    'https://user@www.tray.com.br',
    'https://www.tray.com.br/admin',
    'https://www.tray.com.br?x=1',
    'https://www.tray.com.br#x',
    'https://www.tray.com.br:0',
    'https://www.tray.com.br:70000',
    'https://127.0.0.1',
    'https://[::1]',
    'https://localhost',
    'https://*',
    'https://*.com',
    'https://*.*.tray.com.br',
    'https://www.*.com.br',
    '*',
    "'self'",
    "'none'",
    'https:',
    'data:',
    'javascript:alert(1)',
    'https://evil.com; script-src *',
    'https://evil.com https://other.com',
    'https://tráy.com.br',
  ])('ignores %s', (entry) => {
    expect(parseTrayAdminOrigins([entry])).toEqual({ allowed: [], ignored: [entry] });
  });
});
