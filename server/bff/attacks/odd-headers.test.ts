// Header injection and odd headers: what Node's parser refuses (a CR or LF inside a header value, a
// malformed request line, smuggling-shaped framing, headers over 16 KB) is answered with our
// envelope and security headers instead of Node's bare bytes, promptly; an undecodable path is
// refused without being quoted; a caller's request id is echoed only when it is a UUID; and nothing a
// caller sends as Host, X-Forwarded-*, Authorization or Cookie reaches the backend, except the BFF's
// own bearer for the tab's session.

import { type RecordedRequest, startRecordingUpstream, startTestBff } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupList, expectEnvelope, openTab, rawCall, say } from './kit.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const cleanups = cleanupList();
let url = '';
let port = 0;
let upstreamHost = '';
let requests: RecordedRequest[] = [];

beforeAll(async () => {
  const upstream = await startRecordingUpstream();
  cleanups.add(() => upstream.close());
  requests = upstream.requests;
  upstreamHost = new URL(upstream.url).host;
  const bff = await startTestBff({ upstreamUrl: upstream.url });
  cleanups.add(() => bff.stop());
  url = bff.url;
  port = Number(new URL(url).port);
});
afterAll(() => cleanups.run());

const GET_TOP = 'GET /api/catalog/top HTTP/1.1\r\nHost: loja\r\n';

/** The envelope written straight to the socket, with our security headers and within a second. */
function expectSocketEnvelope(answer: Awaited<ReturnType<typeof rawCall>>, status: number, label: string) {
  expectEnvelope(answer, status, label);
  expect(answer.headers['x-content-type-options'], label).toBe('nosniff');
  expect(answer.headers['x-frame-options'], label).toBe('DENY');
  expect(answer.headers['content-security-policy'], label).toContain("frame-ancestors 'none'");
  expect(answer.ms, label).toBeLessThan(1_000);
}

describe('requests Node refuses are answered with the envelope, not a hang or bare bytes', () => {
  it('a CR or LF inside a header value (header splitting), a NUL, a folded or nameless header: 400 envelope at once, nothing forwarded', async () => {
    const before = requests.length;
    const cases: Record<string, string> = {
      'bare CR in a value': `${GET_TOP}X-Note: a\rInjected: b\r\n\r\n`,
      'bare LF in a value': `${GET_TOP}X-Note: a\nInjected: b\r\n\r\n`,
      'CR LF CR LF smuggling a second request': `${GET_TOP}X-Note: a\r\r\nGET /api/order/cancel HTTP/1.1\r\n\r\n`,
      'NUL in a value': `${GET_TOP}X-Note: a\u0000b\r\n\r\n`,
      'space in a header name': `${GET_TOP}X Note: a\r\n\r\n`,
      'obsolete line folding': `${GET_TOP}X-Note: a\r\n folded\r\n\r\n`,
      'CR in the path': 'GET /api/catalog/top\r/x HTTP/1.1\r\nHost: loja\r\n\r\n',
    };
    for (const [label, bytes] of Object.entries(cases)) {
      expectSocketEnvelope(await rawCall(port, bytes), 400, label);
    }
    say(`odd headers: ${Object.keys(cases).length} header injections answered 400 envelope`);
    expect(requests.length).toBe(before);
  });

  it('a Cookie over 16 KB (and a path as large) gets the 431 envelope with our headers, not Node’s bare 431', async () => {
    const before = requests.length;
    const cookie = `${GET_TOP}Cookie: sf_s_x=${'b'.repeat(17_000)}\r\n\r\n`;
    const manyCookies = `${GET_TOP}${Array.from({ length: 40 }, (_, i) => `Cookie: c${i}=${'v'.repeat(500)}\r\n`).join('')}\r\n`;
    const path = `GET /api/catalog/products/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: loja\r\n\r\n`;
    for (const [label, bytes] of Object.entries({ cookie, manyCookies, path })) {
      const answer = await rawCall(port, bytes);
      expectSocketEnvelope(answer, 431, label);
      expect(answer.body).toContain('grandes demais');
    }
    // Through a real client too (node:http sends what it is given).
    const big = await call(url, '/api/catalog/top', { headers: { cookie: `a=${'b'.repeat(17_000)}` } });
    expectEnvelope(big, 431, 'node:http cookie');
    expect(big.headers['x-content-type-options']).toBe('nosniff');
    expect(requests.length).toBe(before);
  });

  it('a malformed request line, an unknown version, TLS bytes on the plain port or smuggling-shaped framing: 400 envelope', async () => {
    const before = requests.length;
    const cases: Record<string, string> = {
      garbage: 'GARBAGE\r\n\r\n',
      'no path': 'GET HTTP/1.1\r\nHost: loja\r\n\r\n',
      'HTTP/9.9': 'GET /api/catalog/top HTTP/9.9\r\nHost: loja\r\n\r\n',
      'HTTP/1.1 with junk': 'GET /api/catalog/top HTTP/1.1x\r\nHost: loja\r\n\r\n',
      'TLS client hello': '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003',
      'Content-Length and Transfer-Encoding': `POST /api/catalog/products/search HTTP/1.1\r\nHost: loja\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      'negative Content-Length':
        'POST /api/catalog/products/search HTTP/1.1\r\nHost: loja\r\nContent-Length: -1\r\n\r\n',
      'two Content-Lengths':
        'POST /api/catalog/products/search HTTP/1.1\r\nHost: loja\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      'Content-Length list':
        'POST /api/catalog/products/search HTTP/1.1\r\nHost: loja\r\nContent-Length: 1, 2\r\n\r\n',
      'unknown Transfer-Encoding':
        'POST /api/catalog/products/search HTTP/1.1\r\nHost: loja\r\nTransfer-Encoding: gzip, identity\r\n\r\n',
      'HTTP/1.1 without Host': 'GET /api/catalog/top HTTP/1.1\r\n\r\n',
    };
    for (const [label, bytes] of Object.entries(cases)) {
      expectSocketEnvelope(await rawCall(port, bytes), 400, label);
    }
    say(`odd headers: ${Object.keys(cases).length} malformed requests answered 400 envelope`);
    expect(requests.length).toBe(before);
  });

  it('a path that does not decode (%ZZ) gets a 400 envelope (404 where no call matches) that quotes none of it', async () => {
    const before = requests.length;
    for (const path of [
      '/api/catalog/products/%ZZsegredo',
      '/api/catalog/products/byids/1008,%ZZsegredo',
      '/api/order/address/cep/%ZZsegredo',
      '/tray/link-store/%ZZsegredo',
      '/api/session/%ZZsegredo',
      '/api/catalog/products/%E0%A4%Asegredo',
    ]) {
      const answer = await call(url, path);
      expectEnvelope(answer, 400, path);
      expect(answer.text, path).not.toMatch(/ZZ|segredo|%E0|\/api/i);
    }
    for (const path of ['/api/order/current%ZZsegredo', '/api/%ZZsegredo', '/tray/%ZZsegredo']) {
      const answer = await call(url, path);
      expectEnvelope(answer, [400, 404], path);
      expect(answer.text, path).not.toMatch(/ZZ|segredo|\/api|\/tray/i);
    }
    expect(requests.length).toBe(before);
  });
});

describe('request ids', () => {
  it('a caller’s x-request-id that is not a UUID is never echoed nor forwarded: the BFF’s own id is, a UUID kept as is', async () => {
    const odd = [
      'not-a-uuid',
      '<script>alert(1)</script>',
      'x'.repeat(2_000),
      '4111111111111111',
      '00000000-0000-0000-0000-00000000000g',
      // A UUID holding a card-like digit run: taken for a card by the log masking, so replaced too.
      '41111111-1111-4111-8111-111111111111',
      "' OR 1=1 --",
    ];
    for (const id of odd) {
      const before = requests.length;
      const answer = await call(url, '/api/catalog/top', { headers: { 'x-request-id': id } });
      expect(answer.status).toBe(200);
      const echoed = String(answer.headers['x-request-id']);
      expect(echoed, id).toMatch(UUID);
      expect(echoed).not.toBe(id.toLowerCase());
      expect(requests.length - before).toBe(1);
      expect(requests.at(-1)?.headers['x-request-id']).toBe(echoed);
    }
    const uuid = 'B3A1C2D4-5E6F-4A7B-8C9D-0E1F2A3B4C5D';
    const kept = await call(url, '/api/catalog/top', { headers: { 'x-request-id': uuid } });
    expect(kept.headers['x-request-id']).toBe(uuid.toLowerCase());
    expect(requests.at(-1)?.headers['x-request-id']).toBe(uuid.toLowerCase());
  });
});

describe('what reaches the backend is the BFF’s, not the caller’s', () => {
  /** The headers the backend saw, without the per-call id. */
  const seen = (request: RecordedRequest | undefined) => {
    const { 'x-request-id': _id, ...rest } = request?.headers ?? {};
    return rest;
  };

  it('Host, X-Forwarded-*, Forwarded, X-Original-URL and friends from an untrusted peer change nothing the backend sees', async () => {
    await call(url, '/api/catalog/top');
    const baseline = seen(requests.at(-1));
    expect(baseline.host).toBe(upstreamHost);
    expect(baseline['x-forwarded-for']).toBe('127.0.0.1');

    const spoofed = {
      host: 'evil.example',
      'x-forwarded-for': '6.6.6.6, 10.0.0.1',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      'x-forwarded-prefix': '/admin',
      'x-real-ip': '6.6.6.6',
      'true-client-ip': '6.6.6.6',
      'cf-connecting-ip': '6.6.6.6',
      forwarded: 'for=6.6.6.6;host=evil.example;proto=https',
      'x-original-url': '/api/order/confirm',
      'x-rewrite-url': '/api/order/cancel',
      via: '1.1 evil',
    };
    const before = requests.length;
    expect((await call(url, '/api/catalog/top', { headers: spoofed })).status).toBe(200);
    expect(requests.length - before).toBe(1);
    expect(requests.at(-1)?.url).toBe('/api/catalog/top');
    expect(seen(requests.at(-1))).toEqual(baseline);

    // The same on raw bytes: an absolute-form target, two Host headers, a fragment in the target.
    for (const target of [
      'GET http://evil.example/api/catalog/top HTTP/1.1\r\nHost: evil.example\r\n\r\n',
      'GET /api/catalog/top HTTP/1.1\r\nHost: evil.example\r\nHost: other.example\r\n\r\n',
      'GET /api/catalog/top#/../../order/confirm HTTP/1.1\r\nHost: loja\r\n\r\n',
    ]) {
      const count = requests.length;
      const answer = await rawCall(port, target);
      expect(answer.status, target).toBe(200);
      expect(requests.length - count).toBe(1);
      expect(requests.at(-1)?.url).toBe('/api/catalog/top');
      expect(seen(requests.at(-1))).toEqual(baseline);
    }
    say(
      `odd headers: the backend saw the same headers with and without ${Object.keys(spoofed).length} spoofed ones`,
    );
  });

  it('a caller’s Authorization, Proxy-Authorization and Cookie never reach the backend; only the tab’s own bearer does', async () => {
    const attacker = {
      authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.',
      'proxy-authorization': 'Basic YWRtaW46YWRtaW4=',
      cookie: 'sf_s_AAAAAAAAAAAAAAAAAAAAAA=demo-shopper; session=abc; upstream=1',
    };
    const leaked = (request: RecordedRequest | undefined) => ({
      authorization: request?.headers.authorization,
      proxy: request?.headers['proxy-authorization'],
      cookie: request?.headers.cookie,
    });

    // No session: none of it goes on, on a session call or a Tray call.
    for (const [path, method] of [
      ['/api/order/current', 'GET'],
      ['/tray/link-store/391250', 'GET'],
      ['/api/catalog/products/search', 'POST'],
    ] as const) {
      const before = requests.length;
      await call(url, path, {
        method,
        headers: { ...attacker, 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(requests.length - before, path).toBe(1);
      expect(leaked(requests.at(-1)), path).toEqual({
        authorization: undefined,
        proxy: undefined,
        cookie: undefined,
      });
    }

    // A tab's session: its bearer, exactly, whatever Authorization the caller adds; no cookie.
    const tab = await openTab(url, 'tab-de-teste');
    const other = await openTab(url, 'outra-aba');
    const before = requests.length;
    await call(url, '/api/order/current', { headers: { ...tab, ...attacker, cookie: `${tab.cookie}; x=1` } });
    await call(url, '/api/order/current', {
      headers: { ...tab, authorization: ['Bearer a', 'Bearer b'] },
    });
    expect(requests.length - before).toBe(2);
    for (const request of requests.slice(before)) {
      expect(leaked(request)).toEqual({
        authorization: 'Bearer tab-de-teste',
        proxy: undefined,
        cookie: undefined,
      });
    }
    // The Tray calls carry no session, even from a tab that has one.
    await call(url, '/tray/link-store/391250', { headers: tab });
    expect(leaked(requests.at(-1))).toEqual({
      authorization: undefined,
      proxy: undefined,
      cookie: undefined,
    });
    // One tab's handle with another tab's cookie is no session at all.
    await call(url, '/api/order/current', {
      headers: { 'x-session-handle': tab['x-session-handle'] ?? '', cookie: other.cookie ?? '' },
    });
    expect(leaked(requests.at(-1))).toEqual({
      authorization: undefined,
      proxy: undefined,
      cookie: undefined,
    });
  });
});
