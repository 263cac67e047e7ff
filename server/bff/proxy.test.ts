import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import {
  closedPort,
  openSessionCall,
  startRecordingUpstream,
  startTestBff,
} from '../../tests/server-harness.ts';
import { handleForCode } from './session.ts';

describe('the BFF forwarding calls to the commerce backend', () => {
  let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>;
  let bff: Awaited<ReturnType<typeof startTestBff>>;

  beforeAll(async () => {
    upstream = await startRecordingUpstream((req) =>
      req.url.startsWith('/api/session/')
        ? { body: { success: true, data: { sessionType: 0, userShop: { id: 's1' } }, errors: [] } }
        : { status: 201, body: { success: true, data: { path: req.url }, errors: [] } },
    );
    bff = await startTestBff({ upstreamUrl: upstream.url });
  });
  afterAll(async () => {
    await bff.stop();
    await upstream.close();
  });

  async function openSession(code: string) {
    const response = await openSessionCall(bff.url, code);
    const cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    return { handle: response.headers.get(SESSION_HANDLE_HEADER) ?? '', cookie };
  }

  it('forwards the method, path, query and body and returns the answer with its status', async () => {
    const response = await fetch(`${bff.url}/api/catalog/products/search?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchQuery: 'café' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      success: true,
      data: { path: '/api/catalog/products/search?x=1' },
      errors: [],
    });
    const seen = upstream.requests.at(-1);
    expect(seen?.method).toBe('POST');
    expect(JSON.parse(seen?.body ?? '')).toEqual({ searchQuery: 'café' });
  });

  it('adds the tab session as a bearer credential when the call carries its handle', async () => {
    const { handle, cookie } = await openSession('tab-one-code');
    await fetch(`${bff.url}/api/order/current`, { headers: { [SESSION_HANDLE_HEADER]: handle, cookie } });
    expect(upstream.requests.at(-1)?.headers.authorization).toBe('Bearer tab-one-code');
  });

  it('never forwards a client-sent Authorization or Cookie header, nor hop-by-hop headers', async () => {
    await fetch(`${bff.url}/api/order/current`, {
      headers: {
        authorization: 'Bearer stolen',
        cookie: 'other=1',
        'x-forwarded-host': 'evil',
        te: 'trailers',
      },
    });
    const seen = upstream.requests.at(-1);
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers['x-forwarded-host']).toBeUndefined();
    expect(seen?.headers.te).toBeUndefined();
  });

  it("tells the backend the caller's own address, whatever X-Forwarded-For says, when no proxy is trusted", async () => {
    for (const [method, address] of [
      ['GET', '/api/order/current'],
      ['POST', '/api/order/coupon'],
    ] as const) {
      for (const forwarded of [undefined, '203.0.113.9', '198.51.100.1, 203.0.113.9']) {
        await fetch(`${bff.url}${address}`, {
          method,
          headers: {
            'content-type': 'application/json',
            ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
          },
          body: method === 'POST' ? '{"coupon":"X"}' : undefined,
        });
        // The test connects over loopback: a peer inside the network is not a proxy for being there.
        expect(upstream.requests.at(-1)?.headers['x-forwarded-for'], `${address} ${forwarded}`).toBe(
          '127.0.0.1',
        );
      }
    }
  });

  it("tells the backend the shopper's address a configured proxy forwarded (TRUST_PROXY)", async () => {
    const behindProxy = await startTestBff({ upstreamUrl: upstream.url, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const send = (forwarded: string) =>
        fetch(`${behindProxy.url}/api/order/current`, { headers: { 'x-forwarded-for': forwarded } });
      await send('203.0.113.9');
      expect(upstream.requests.at(-1)?.headers['x-forwarded-for']).toBe('203.0.113.9');
      // Behind two hops, the nearest untrusted one: a shopper cannot pose as anyone by adding more.
      await send('198.51.100.1, 203.0.113.9, 127.0.0.1');
      expect(upstream.requests.at(-1)?.headers['x-forwarded-for']).toBe('203.0.113.9');
    } finally {
      await behindProxy.stop();
    }
  });

  it('does not pass the backend own cookies or server banner to the browser', async () => {
    const response = await fetch(`${bff.url}/api/catalog/top`);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get('server')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('ignores a cookie that does not belong to the handle sent: the tab has no session, the backend is not called', async () => {
    const handle = handleForCode('real-code');
    const later = (Math.floor(Date.now() / 1000) + 3_600).toString(36);
    const before = upstream.requests.length;
    for (const cookie of [
      `__Host-sf_s_${handle}=${later}.${later}.another-code`,
      `sf_s_${handle}=${later}.${later}.another-code`,
      `__Host-sf_s_${handle}=real-code`,
    ]) {
      const response = await fetch(`${bff.url}/api/order/current`, {
        headers: { [SESSION_HANDLE_HEADER]: handle, cookie },
      });
      expect(response.status).toBe(401);
      expect((await response.json()).errors[0].type).toBe('session_missing');
    }
    expect(upstream.requests.length).toBe(before);
  });

  it('forwards the Tray calls without any shopper session', async () => {
    const { handle, cookie } = await openSession('tray-tab');
    const response = await fetch(`${bff.url}/tray/link-store/42`, {
      headers: { [SESSION_HANDLE_HEADER]: handle, cookie },
    });
    expect(response.status).toBe(201);
    expect(upstream.requests.at(-1)?.url).toBe('/tray/link-store/42');
    expect(upstream.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('answers health and readiness without calling the backend', async () => {
    const before = upstream.requests.length;
    expect((await fetch(`${bff.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${bff.url}/readyz`)).json()).toEqual({ status: 'ready' });
    expect(upstream.requests.length).toBe(before);
  });

  it('refuses a session open that is not a plain token in a small JSON object, without calling the backend', async () => {
    const before = upstream.requests.length;
    const post = (body: string, type = 'application/json') =>
      fetch(`${bff.url}/api/session`, { method: 'POST', headers: { 'content-type': type }, body });
    const refusals = [
      post(JSON.stringify({ code: 'a b<script>' })),
      post(JSON.stringify({ code: 'a'.repeat(201) })),
      post(JSON.stringify({ code: 42 })),
      post(JSON.stringify({})),
      post(JSON.stringify(['demo-shopper'])),
      post(JSON.stringify('demo-shopper')),
      post('{"code":'),
      post(''),
      post(JSON.stringify({ code: 'demo-shopper' }), 'text/plain'),
      post(JSON.stringify({ code: 'demo-shopper', padding: 'x'.repeat(2_000) })),
    ];
    for (const response of await Promise.all(refusals)) {
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.success).toBe(false);
      expect(body.errors[0].message).toBe('Código de sessão inválido.');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(upstream.requests.length).toBe(before);
  });

  it("opens a session with the code in the body and asks the backend with it in the backend's own path", async () => {
    const before = upstream.requests.length;
    const response = await openSessionCall(bff.url, 'codigo:do+chat=1');
    expect(response.status).toBe(200);
    const asked = upstream.requests.slice(before);
    expect(asked.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /api/session/${encodeURIComponent('codigo:do+chat=1')}`,
    ]);
    expect(asked[0]?.headers.authorization).toBe('Bearer codigo:do+chat=1');
    // The browser's address never carried it, and the first design's address is no route now.
    const old = await fetch(`${bff.url}/api/session/codigo-do-chat`);
    expect(old.status).toBe(404);
    expect((await old.json()).errors[0].type).toBe('not_found');
    expect(upstream.requests.length).toBe(before + 1);
  });
});

describe('the BFF when the commerce backend fails', () => {
  it('answers a 503 envelope within 250 ms when the backend refuses connections, and stays up', async () => {
    const port = await closedPort();
    const bff = await startTestBff({ upstreamUrl: `http://127.0.0.1:${port}` });
    try {
      // The first call pays for the process's first connection attempt; time the next ones.
      await fetch(`${bff.url}/api/order/current`);
      for (const path of ['/api/order/current', '/api/catalog/top?perPage=10']) {
        const started = performance.now();
        const response = await fetch(`${bff.url}${path}`);
        const elapsed = performance.now() - started;
        expect(response.status).toBe(503);
        const body = await response.json();
        expect(body).toMatchObject({ success: false, errors: [{ code: 503, status: 503 }] });
        expect(body.errors[0].message).toMatch(/indisponível/);
        expect(JSON.stringify(body)).not.toContain(String(port));
        // A GET without effects is tried once more after 50-150 ms; then the answer.
        expect(elapsed).toBeLessThan(250);
      }
      expect((await fetch(`${bff.url}/healthz`)).status).toBe(200);
    } finally {
      await bff.stop();
    }
  });

  it('answers a 504 envelope at the configured timeout when the backend hangs', async () => {
    const upstream = await startRecordingUpstream(() => ({ body: {}, delayMs: 5_000 }));
    const bff = await startTestBff({ upstreamUrl: upstream.url, env: { UPSTREAM_TIMEOUT_MS: '300' } });
    try {
      const started = performance.now();
      const response = await fetch(`${bff.url}/api/order/current`);
      const elapsed = performance.now() - started;
      expect(response.status).toBe(504);
      expect((await response.json()).errors[0].message).toMatch(/demorou demais/);
      expect(elapsed).toBeGreaterThanOrEqual(270);
      expect(elapsed).toBeLessThan(330 + 100);
    } finally {
      await bff.stop();
      await upstream.close();
    }
  });
});
