// Method confusion: every call of the table refuses every method it does not declare (HEAD, OPTIONS,
// PUT, PATCH, DELETE, TRACE, and GET/POST when only the other one is declared) with a 405 envelope
// naming what it allows, and never forwards it; HEAD never runs a GET that changes something (a real
// session's order is not cancelled by `HEAD /api/order/cancel`); method-override headers are ignored.

import {
  type RecordedRequest,
  startRecordingUpstream,
  startTestBff,
  startTestSandbox,
} from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTable } from '../call-table.ts';
import {
  call,
  cleanupList,
  expectEnvelope,
  freshSession,
  openTab,
  orderStatus,
  rawCall,
  say,
  withGoodParams,
} from './kit.ts';

const CONFUSING_METHODS = ['HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE', 'TRACE'] as const;
const OVERRIDE_HEADERS = ['x-http-method-override', 'x-http-method', 'x-method-override'];

/** Each path of the table once, with its declared methods and a good value in its parameter. */
const PATHS = (() => {
  const routes = callTable({ sandboxRoutes: true, bodyLimitBytes: 65_536 });
  const byPath = new Map<string, string[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route.method]);
  return [...byPath].map(([template, methods]) => ({
    template,
    methods,
    path: withGoodParams(template),
  }));
})();

const cleanups = cleanupList();
afterAll(() => cleanups.run());

describe('methods a call does not declare, against a recording backend', () => {
  let url = '';
  let port = 0;
  let requests: RecordedRequest[] = [];

  beforeAll(async () => {
    const upstream = await startRecordingUpstream();
    cleanups.add(() => upstream.close());
    requests = upstream.requests;
    const bff = await startTestBff({ upstreamUrl: upstream.url, env: { SANDBOX_ROUTES: 'true' } });
    cleanups.add(() => bff.stop());
    url = bff.url;
    port = Number(new URL(url).port);
  });

  it(`every call of the table (${PATHS.length} paths) answers HEAD, OPTIONS, PUT, PATCH, DELETE, TRACE and its undeclared GET/POST with a 405 envelope and an Allow header, and none reaches the backend`, async () => {
    let refused = 0;
    for (const { template, methods, path } of PATHS) {
      const undeclared = ['GET', 'POST'].filter((method) => !methods.includes(method));
      for (const method of [...CONFUSING_METHODS, ...undeclared]) {
        const answer = await call(url, path, {
          method,
          headers: method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' },
          body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
        });
        const label = `${method} ${template}`;
        expect(answer.status, label).toBe(405);
        expect(String(answer.headers.allow).split(/,\s*/).sort(), label).toEqual([...methods].sort());
        expect(String(answer.headers['cache-control']), label).toContain('no-store');
        // HEAD answers carry no body; every other refusal is the envelope.
        if (method !== 'HEAD') expectEnvelope(answer, 405, label);
        refused += 1;
      }
    }
    say(
      `methods: ${refused} undeclared method calls on ${PATHS.length} paths refused with 405, backend hits ${requests.length}`,
    );
    expect(requests).toHaveLength(0);
  });

  it("the BFF's own calls (session open, Tray authorize) answer OPTIONS with the 405 envelope too, not Express' text", async () => {
    for (const [path, allowed] of [
      ['/api/session', 'GET, POST'],
      ['/tray/authorize?url=https://www.lojadoze.com.br', 'GET'],
    ] as const) {
      for (const method of ['OPTIONS', 'HEAD', 'PUT']) {
        const answer = await call(url, path, { method });
        if (method === 'HEAD') expect(answer.status, `${method} ${path}`).toBe(405);
        else expectEnvelope(answer, 405, `${method} ${path}`);
        expect(answer.headers.allow, path).toBe(allowed);
      }
    }
    // The first design's session address is no route at all.
    expectEnvelope(await call(url, '/api/session/demo-shopper', { method: 'OPTIONS' }), 404, 'old address');
  });

  it('a method-override header or query changes nothing: the declared method is refused or forwarded as sent, the header is not', async () => {
    for (const header of OVERRIDE_HEADERS) {
      // A POST asking to be a GET on a GET-only call is still a POST: refused.
      const cancel = await call(url, '/api/order/cancel', {
        method: 'POST',
        headers: { [header]: 'GET', 'content-type': 'application/json' },
        body: '{}',
      });
      expectEnvelope(cancel, 405, header);
      // A GET asking to be a DELETE or a POST is forwarded as the GET it is, without the header.
      for (const [path, override] of [
        ['/api/order/current', 'DELETE'],
        ['/api/order/confirm', 'POST'],
      ] as const) {
        const before = requests.length;
        const answer = await call(url, path, { headers: { [header]: override } });
        expect(answer.status).toBe(200);
        expect(requests.length - before).toBe(1);
        const reached = requests.at(-1) as RecordedRequest;
        expect(reached.method).toBe('GET');
        expect(reached.headers[header]).toBeUndefined();
      }
    }
    // '?_method=' is the backend's query like any other: the BFF forwards the POST it got.
    const before = requests.length;
    const items = await call(url, '/api/order/items/?_method=DELETE', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(items.status).toBe(200);
    expect(requests.slice(before).map((r) => r.method)).toEqual(['POST']);
  });

  it('odd spellings of a method (lowercase, mixed case, unknown, CONNECT) get a 400/405 envelope and reach nothing', async () => {
    const before = requests.length;
    for (const line of [
      'get /api/order/current HTTP/1.1',
      'GeT /api/order/current HTTP/1.1',
      'FOO /api/order/current HTTP/1.1',
      'PROPFIND /api/order/current HTTP/1.1',
      'CONNECT /api/order/cancel HTTP/1.1',
      'CONNECT 127.0.0.1:1 HTTP/1.1',
    ]) {
      const answer = await rawCall(port, `${line}\r\nHost: loja\r\n\r\n`);
      expectEnvelope(answer, [400, 405], line);
    }
    expect(requests.length).toBe(before);
  });
});

describe('methods with a real session, against the real sandbox', () => {
  let url = '';

  beforeAll(async () => {
    const sandbox = await startTestSandbox();
    cleanups.add(() => sandbox.close());
    const bff = await startTestBff({ upstreamUrl: sandbox.url, env: { SANDBOX_ROUTES: 'true' } });
    cleanups.add(() => bff.stop());
    url = bff.url;
  });

  it("HEAD /api/order/cancel (and every other odd method on it, overrides included) does not cancel the shopper's order", async () => {
    const tab = await openTab(url, await freshSession(url));
    expect(await orderStatus(url, tab)).toBe(0);
    const port = Number(new URL(url).port);

    for (const path of ['/api/order/cancel', '/api/order/confirm', '/api/order/send/resume']) {
      const head = await call(url, path, { method: 'HEAD', headers: tab });
      expect(head.status, `HEAD ${path}`).toBe(405);
    }
    for (const method of CONFUSING_METHODS.filter((m) => m !== 'HEAD')) {
      expectEnvelope(await call(url, '/api/order/cancel', { method, headers: tab }), 405, method);
    }
    for (const header of OVERRIDE_HEADERS) {
      const answer = await call(url, '/api/order/cancel', {
        method: 'POST',
        headers: { ...tab, [header]: 'GET', 'content-type': 'application/json' },
        body: '{}',
      });
      expectEnvelope(answer, 405, header);
    }
    const cookieLines = Object.entries(tab)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    for (const method of ['get', 'CONNECT']) {
      const answer = await rawCall(
        port,
        `${method} /api/order/cancel HTTP/1.1\r\nHost: loja\r\n${cookieLines}\r\n`,
      );
      expectEnvelope(answer, 400, method);
    }
    const after = await orderStatus(url, tab);
    say(
      `methods with a session: HEAD, 5 odd methods, 3 overrides and 2 raw spellings on cancel, order status 0 -> ${after}`,
    );
    expect(after).toBe(0);

    // The control: the declared GET does cancel it.
    expect((await call(url, '/api/order/cancel', { headers: tab })).status).toBe(200);
    expect(await orderStatus(url, tab)).toBe(3);
  });
});
