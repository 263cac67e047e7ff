// Encoded traversal: a crafted link ('/api/catalog/products/..%2F..%2Forder%2Fconfirm' and its
// variants) on every call with a path parameter must be refused with the envelope before anything
// reaches the backend, and a legitimate parameter must reach it exactly as the BFF re-encodes it into
// the call's template. With a real session against the real sandbox, no such link confirms or
// cancels the shopper's order. Paths are sent byte for byte (node:http), never normalised by a client.

import {
  type RecordedRequest,
  startRecordingUpstream,
  startTestBff,
  startTestSandbox,
  type TestSandbox,
} from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath } from '@/contract/calls.ts';
import { callTable } from '../call-table.ts';
import {
  call,
  cleanupList,
  expectEnvelope,
  freshSession,
  GOOD_PARAMS,
  openTab,
  orderStatus,
  say,
  type Tab,
} from './kit.ts';

/** Spellings of '../../order/confirm' (and friends) an attacker puts where an id goes. */
const TRAVERSALS = [
  '..%2F..%2Forder%2Fconfirm',
  '..%2f..%2f..%2fapi%2forder%2fcancel',
  '%2e%2e%2f%2e%2e%2forder%2fconfirm',
  '%2E%2E%2F%2E%2E%2F%2E%2E%2Fapi%2Forder%2Fcancel',
  '%2e%2e',
  '.%2e',
  '%2E.',
  '%2e',
  '..%5C..%5Corder%5Cconfirm',
  '%2e%2e%5c%2e%2e%5corder%5ccancel',
  '1008%00',
  '%00',
  '1008%00.json',
  '1008%0d%0aX-Injected:%201',
  '%0d%0a',
  '%252e%252e%252f%252e%252e%252forder%252fconfirm',
  '1008%2500',
  '..;',
  '..;/..;/order/confirm',
  '1008;/../../order/cancel',
  '%u002e%u002e%u2215order%u2215confirm',
  '%u002e',
  '%c0%ae%c0%ae%c0%aforder%c0%afconfirm',
  '%e0%80%ae%e0%80%ae%e0%80%af',
  '%f0%80%80%ae',
  '%ef%bc%8e%ef%bc%8e%ef%bc%8forder',
  '%e2%80%a4%e2%80%a4%e2%88%95order',
  '..',
  '../../order/confirm',
  '1008%2F..%2F..%2F..%2Forder%2Fconfirm',
  '1008%3F..%2Forder',
  '1008%23..%2Forder',
  '%20..%2F',
  '..%09',
  '1008\\..\\..\\order\\confirm',
  '%ZZ',
  `${'9'.repeat(2_001)}`,
];

/** The path calls of the table (sandbox ones included) and the session open, with a good value each. */
const GOOD_VALUE: Record<string, string> = { ...GOOD_PARAMS, code: 'demo-shopper' };

type PathCall = { method: 'GET' | 'POST'; path: string; param: string; kept: boolean };

/** Each path parameter of each call of the table: a call with two (shop and product) is attacked in each. */
const PATH_CALLS: PathCall[] = [
  ...callTable({ sandboxRoutes: true, bodyLimitBytes: 65_536 })
    .filter((route) => route.path.includes(':'))
    .flatMap((route) =>
      [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({
        method: route.method,
        path: route.path,
        param: match[1] ?? '',
        kept: route.cache !== undefined,
      })),
    ),
];

/** The path with the attacked parameter as given, and any other one with its good value. */
const fill = (pathCall: PathCall, raw: string) =>
  pathCall.path.replace(/:([A-Za-z0-9_]+)/g, (_all, name: string) =>
    name === pathCall.param ? raw : (GOOD_VALUE[name] ?? '1'),
  );

const send = (url: string, pathCall: PathCall, path: string, headers: Tab = {}) =>
  call(url, path, {
    method: pathCall.method,
    headers: pathCall.method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
    body: pathCall.method === 'POST' ? '{}' : undefined,
  });

const cleanups = cleanupList();
afterAll(() => cleanups.run());

describe('encoded traversal in a path parameter, against a recording backend', () => {
  let url = '';
  let requests: RecordedRequest[] = [];

  beforeAll(async () => {
    const upstream = await startRecordingUpstream();
    cleanups.add(() => upstream.close());
    requests = upstream.requests;
    const bff = await startTestBff({
      upstreamUrl: upstream.url,
      env: { SANDBOX_ROUTES: 'true', RATE_LIMIT_SESSION_OPENS_PER_MIN: '100000' },
    });
    cleanups.add(() => bff.stop());
    url = bff.url;
  });

  it(`every call with a path parameter answers each of ${TRAVERSALS.length} traversal spellings with a 400/404 envelope that does not quote it, and nothing reaches the backend`, async () => {
    const statuses = new Map<number, number>();
    for (const pathCall of PATH_CALLS) {
      for (const raw of TRAVERSALS) {
        const path = fill(pathCall, raw);
        const answer = await send(url, pathCall, path);
        expectEnvelope(answer, [400, 404], `${pathCall.method} ${path}`);
        expect(answer.text, path).not.toMatch(/confirm|cancel|order%|\.\.|%2e|%00|ZZ/i);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }
    say(
      `traversal: ${PATH_CALLS.length} path calls x ${TRAVERSALS.length} spellings, answers ${JSON.stringify(Object.fromEntries(statuses))}, backend hits ${requests.length}`,
    );
    expect(requests).toHaveLength(0);
  });

  it('a legitimate parameter reaches the backend exactly as the template re-encoded by the BFF, whatever its spelling', async () => {
    const cases: { pathCall: PathCall; sent: string; value: string; query?: string }[] = [];
    for (const pathCall of PATH_CALLS) {
      const value = GOOD_VALUE[pathCall.param] ?? '1';
      cases.push({ pathCall, sent: value, value });
      // The same value percent-encoded character by character: the backend still sees the BFF's spelling.
      const encoded = [...value].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
      cases.push({ pathCall, sent: encoded, value });
      cases.push({ pathCall, sent: value, value, query: '?page=2&x=..%2F..%2Forder%2Fconfirm' });
    }
    const product = PATH_CALLS.find((c) => c.path === '/api/catalog/products/:id') as PathCall;
    // Ids with the marks variant ids use: '&', '=', ',', ':', '+' and '~' (encoded upstream or not).
    for (const value of ['a&b=c,d', 'x:y~z.1', 'v1+v2', 'SKU_1-2']) {
      cases.push({ pathCall: product, sent: value, value });
      cases.push({ pathCall: product, sent: encodeURIComponent(value), value });
    }
    for (const { pathCall, sent, value, query = '' } of cases) {
      const before = requests.length;
      const answer = await send(url, pathCall, fill(pathCall, sent) + query);
      expect(answer.status, `${pathCall.path} ${sent}`).toBe(200);
      const params = Object.fromEntries(
        [...pathCall.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name = '']) => [
          name,
          name === pathCall.param ? value : (GOOD_VALUE[name] ?? '1'),
        ]),
      );
      // A call whose answers are kept (the public product read) is asked once per product, without
      // the caller's query: another spelling of the same product is the kept answer.
      const expected = buildPath(pathCall.path, params as never) + (pathCall.kept ? '' : query);
      if (pathCall.kept) {
        expect(requests.length - before, `${pathCall.path} ${sent}`).toBeLessThanOrEqual(1);
        expect(
          requests.filter((r) => r.url === expected),
          `${pathCall.path} ${sent}`,
        ).toHaveLength(1);
        continue;
      }
      expect(requests.length - before, `${pathCall.path} ${sent}`).toBe(1);
      const reached = requests.at(-1) as RecordedRequest;
      expect(reached.url, `${pathCall.path} ${sent}`).toBe(expected);
      expect(reached.method).toBe(pathCall.method);
    }
    say(`traversal: ${cases.length} legitimate spellings reached the backend as the BFF's own path`);
  });
});

describe('encoded traversal with a real session, against the real sandbox', () => {
  let sandbox: TestSandbox;
  let url = '';

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    cleanups.add(() => sandbox.close());
    const bff = await startTestBff({
      upstreamUrl: sandbox.url,
      env: { SANDBOX_ROUTES: 'true', RATE_LIMIT_SESSION_OPENS_PER_MIN: '100000' },
    });
    cleanups.add(() => bff.stop());
    url = bff.url;
  });

  it("a crafted product link carrying the shopper's session neither confirms nor cancels the order", async () => {
    const tab = await openTab(url, await freshSession(url));
    const before = await orderStatus(url, tab);
    expect(before).toBe(0);
    const aimed = TRAVERSALS.filter((raw) => /confirm|cancel/.test(raw));
    let sent = 0;
    for (const pathCall of PATH_CALLS) {
      for (const raw of aimed) {
        const answer = await send(url, pathCall, fill(pathCall, raw), tab);
        expectEnvelope(answer, [400, 404], `${pathCall.method} ${fill(pathCall, raw)}`);
        sent += 1;
      }
    }
    const after = await orderStatus(url, tab);
    say(`traversal with a session: ${sent} crafted links, order status ${before} -> ${after}`);
    expect(after).toBe(0);

    // The control: the same kind of session does cancel its order through the real call.
    const other = await openTab(url, await freshSession(url));
    expect((await call(url, '/api/order/cancel', { headers: other })).status).toBe(200);
    expect(await orderStatus(url, other)).toBe(3);
  });
});
