import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { TRAY_PAGES } from './app.ts';
import type { HttpLogger } from './logger.ts';
import { proxiedCalls } from './proxied-calls.ts';
import type { ForwardedCall, Upstream } from './proxy.ts';
import { handleForCode } from './session.ts';
import { TRAY_AUTHORIZE_PATH } from './tray-authorize.ts';

function setUp() {
  const forwarded: ForwardedCall[] = [];
  const upstream = {
    forward: async (_req: unknown, _res: unknown, call: ForwardedCall) => {
      forwarded.push(call);
    },
  } as unknown as Upstream;
  const serve = proxiedCalls({
    upstream,
    httpLogger: { begin: () => {} } as unknown as HttpLogger,
    answerHeaders: () => [['X-Frame-Options', 'DENY']],
    expressPaths: [...TRAY_PAGES, TRAY_AUTHORIZE_PATH],
    cookieSecure: true,
    failed: () => {},
  });
  const call = (method: string, url: string, headers: Record<string, string> = {}) => {
    const req = {
      method,
      url,
      headers,
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as IncomingMessage;
    const set: Record<string, string> = {};
    const written = { status: 0, body: '' };
    const res = {
      setHeader: (name: string, value: string) => (set[name] = value),
      set statusCode(status: number) {
        written.status = status;
      },
      end: (body: Buffer) => {
        written.body = body.toString('utf8');
      },
    } as unknown as ServerResponse;
    return { served: serve(req, res), headers: set, ...written };
  };
  /** Each call goes on to Express, and none reaches the backend from here. */
  const expectLeftToExpress = (calls: [method: string, url: string][]) => {
    for (const [method, url] of calls) expect(call(method, url).served, `${method} ${url}`).toBe(false);
    expect(forwarded).toEqual([]);
  };
  return { call, forwarded, expectLeftToExpress };
}

describe('the calls answered without Express', () => {
  it('are the plain forwarded calls, with the headers, the whole address and the caller', () => {
    const { call, forwarded } = setUp();
    const answered = call('GET', '/api/product/list?page=2&category=5');
    expect(answered.served).toBe(true);
    expect(answered.headers).toEqual({ 'X-Frame-Options': 'DENY' });
    expect(call('POST', '/api/order/items/').served).toBe(true);
    expect(call('HEAD', '/api/shop/settings').served).toBe(true);
    expect(call('GET', '/tray/link-store/391250').served).toBe(true);
    // An address outside the allow-list too: forward answers it 404, as it would through Express.
    expect(call('GET', '/api/nada').served).toBe(true);
    expect(forwarded.map((f) => f.url)).toEqual([
      '/api/product/list?page=2&category=5',
      '/api/order/items/',
      '/api/shop/settings',
      '/tray/link-store/391250',
      '/api/nada',
    ]);
    expect(forwarded[0]?.clientIp).toBe('127.0.0.1');
  });

  it('answer a tab whose session cookie is gone 401 session_missing, without the backend', () => {
    const { call, forwarded } = setUp();
    const handle = handleForCode('evicted-code');
    for (const cookie of [undefined, `__Host-sf_s_${'x'.repeat(22)}=1.2.other`]) {
      const answered = call('GET', '/api/order/current', {
        'x-session-handle': handle,
        ...(cookie ? { cookie } : {}),
      });
      expect(answered.served).toBe(true);
      expect(answered.status).toBe(401);
      expect(JSON.parse(answered.body).errors[0].type).toBe('session_missing');
    }
    expect(forwarded).toEqual([]);
    // Without a handle the call names no session: forwarded as it is (the Tray calls never look).
    expect(call('GET', '/api/shop/settings').served).toBe(true);
    expect(call('GET', '/tray/link-store/1', { 'x-session-handle': handle }).served).toBe(true);
    expect(forwarded.map((f) => [f.url, f.bearer])).toEqual([
      ['/api/shop/settings', undefined],
      ['/tray/link-store/1', undefined],
    ]);
  });

  it('leave to Express the session routes, the rate-limited calls, the Tray pages and authorization', () => {
    setUp().expectLeftToExpress([
      ['GET', '/api/session'],
      ['POST', '/api/session'],
      ['GET', '/api/session/demo-shopper'],
      ['GET', '/api/Session/demo-shopper'],
      ['POST', '/api/order/payment/credit'],
      ['POST', '/api/order/payment/credit/'],
      ['POST', '/api/order/payment/mercadopago'],
      ['POST', '/api/order/coupon/'],
      ['POST', '/api/ORDER/coupon'],
      ['GET', '/api/order/coupon'],
      ['POST', '/tray/link-store'],
      ['GET', '/tray/register'],
      ['GET', '/tray/register/callback/?code=1'],
      ['GET', '/tray/authorize?url=https://loja.com.br'],
    ]);
  });

  it('leave to Express every address that is not plain, other methods, pages and assets', () => {
    setUp().expectLeftToExpress([
      ['GET', '/API/product/list'],
      ['GET', '/api/product/%31'],
      ['GET', '/api/product/a b'],
      ['GET', '//api/product/list'],
      ['GET', 'http://loja/api/product/list'],
      ['GET', '/api'],
      ['GET', '/catalog'],
      ['GET', '/assets/index.js'],
      ['GET', '/healthz'],
      ['PUT', '/api/order/current'],
      ['DELETE', '/api/order/items/1'],
      ['OPTIONS', '/api/shop/settings'],
    ]);
  });
});
