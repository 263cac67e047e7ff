// 1,000 fuzzed requests through the real BFF in front of the real sandbox, written byte for byte on
// raw sockets (so nothing a client library refuses is left out): random methods, paths (unicode raw
// and encoded, traversal, encoded slashes and NULs, huge), headers (huge, odd content types,
// duplicated, hop-by-hop, client-set Authorization and Cookie) and bodies (random JSON, broken JSON,
// huge strings, unicode, negative numbers), with and without a valid tab session. No answer is a 5xx
// (the backend is up, so not even a 502/503/504), every request is answered, the BFF still answers
// /healthz afterwards, and the status histogram is printed.
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import {
  openSessionCall,
  startTestBff,
  startTestSandbox,
  type TestSandbox,
} from '../../tests/server-harness.ts';

const REQUESTS = 1_000;
const CONCURRENCY = 8;
/** A fixed seed keeps the run reproducible; set BFF_FUZZ_SEED to explore others. */
const SEED = Number(process.env.BFF_FUZZ_SEED ?? 20_261_122);

let sandbox: TestSandbox;
let bff: Awaited<ReturnType<typeof startTestBff>>;
let port = 0;
let tab: { handle: string; cookie: string };

beforeAll(async () => {
  sandbox = await startTestSandbox();
  // Configured as in production (an unconfigured Tray link answers 503 by design: tray-authorize.ts).
  bff = await startTestBff({
    upstreamUrl: sandbox.url,
    env: {
      TRAY_CONSUMER_KEY: 'fuzz-consumer-key',
      TRAY_CALLBACK_URL: 'https://loja.example.com/tray/register',
    },
  });
  port = Number(new URL(bff.url).port);
  const opened = await openSessionCall(bff.url, 'demo-shopper');
  expect(opened.status).toBe(200);
  tab = {
    handle: opened.headers.get(SESSION_HANDLE_HEADER) ?? '',
    cookie: opened.headers.getSetCookie()[0]?.split(';')[0] ?? '',
  };
});
afterAll(async () => {
  await bff?.stop();
  await sandbox?.close();
});

// ---------------------------------------------------------------------------------------------
// Generated requests

const unicode = fc.string({ unit: 'grapheme', maxLength: 40 });
const huge = (min: number, max: number) =>
  fc
    .tuple(fc.constantFrom('a', 'é', '9', '%', '/', '😀', '\u0000'), fc.integer({ min, max }))
    .map(([unit, times]) => unit.repeat(times));

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'POST') },
  { weight: 3, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS') },
  { weight: 1, arbitrary: fc.constantFrom('TRACE', 'CONNECT', 'get', 'PROPFIND', 'FOO', 'G E T', '') },
);

const knownPath = fc.constantFrom(
  '/api/order/current',
  '/api/order/items/',
  '/api/order/coupon/',
  '/api/order/payment/credit',
  '/api/order/payment/credit/installments',
  '/api/customer/update',
  '/api/order/address/cep/01310200',
  '/api/catalog/products/1008',
  '/api/catalog/products/byids/1008,1001',
  '/api/catalog/products/search',
  '/api/catalog/categories',
  '/api/session/demo-shopper',
  '/api/session',
  '/api/shop/settings',
  '/tray/link-store',
  '/tray/link-store/391250',
  '/tray/authorize',
  '/tray/authorize?url=https://www.lojadoze.com.br',
  '/healthz',
  '/readyz',
  '/',
  '/catalog',
);

const segment = fc.oneof(
  fc.constantFrom('..', '%2e%2e', '%2E%2E%2F', '..%2f', '%00', '%', '%zz', '%c0%af', '//', '.', ';', '*'),
  unicode.map(encodeURIComponent),
  unicode.map(encodeURIComponent),
  unicode, // raw UTF-8 bytes in the request line (Node's parser answers 400 itself)
  fc.integer({ min: -1e12, max: 1e12 }).map(String),
  fc.string({ maxLength: 12 }),
);

const path = fc.oneof(
  { weight: 4, arbitrary: knownPath },
  {
    weight: 4,
    arbitrary: fc
      .tuple(knownPath, fc.array(segment, { maxLength: 4 }))
      .map(([base, extra]) => [base.replace(/\/$/, ''), ...extra].join('/')),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(knownPath, fc.array(fc.tuple(unicode, unicode), { maxLength: 4 }))
      .map(([base, query]) => `${base}?${query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`),
  },
  { weight: 1, arbitrary: huge(1_000, 20_000).map((h) => `/api/order/current/${encodeURIComponent(h)}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('*', 'http://evil.example/api/order/current', '/../../etc/passwd'),
  },
);

const headerValue = fc.oneof(
  fc.string({ maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, ' ')),
  unicode.map((s) => s.replace(/[\r\n]/g, ' ')),
  huge(500, 20_000).map((s) => s.replaceAll(String.fromCharCode(0), 'x')),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json, text/html',
  '*/*',
  '',
);

const namedHeader = fc.tuple(
  fc.constantFrom(
    'x-session-handle',
    'cookie',
    'authorization',
    'accept',
    'accept-encoding',
    'accept-language',
    'user-agent',
    'x-request-id',
    'x-forwarded-for',
    'x-forwarded-proto',
    'host',
    'origin',
    'referer',
    'te',
    'upgrade',
    'proxy-authorization',
    'if-none-match',
    'range',
    'expect',
    'x-custom',
  ),
  headerValue,
);

const extraHeader = fc.oneof(
  { weight: 12, arbitrary: namedHeader },
  // Framing the HTTP parser itself refuses (400 from Node, before the BFF): rare, to keep the BFF busy.
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('transfer-encoding', 'content-length'),
        fc.constantFrom('chunked', 'gzip', '-1', '0'),
      )
      .filter(([name, value]) => name === 'content-length' || value !== 'chunked'),
  },
);

const jsonValue = fc.jsonValue({ maxDepth: 4 });
const body = fc.oneof(
  { weight: 3, arbitrary: jsonValue.map((v) => JSON.stringify(v)) },
  {
    weight: 3,
    arbitrary: fc
      .record(
        {
          providerId: fc.oneof(fc.constant('1008'), unicode, fc.integer()),
          quantity: fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.double(), fc.constant(-1)),
          number: fc.oneof(fc.string(), fc.integer()),
          securityCode: fc.oneof(fc.string(), fc.integer({ min: -999, max: 9999 })),
          name: unicode,
          document: fc.string(),
          coupon: unicode,
          installments: fc.integer({ min: -100, max: 100 }),
        },
        { requiredKeys: [] },
      )
      .map((v) => JSON.stringify(v)),
  },
  { weight: 2, arbitrary: jsonValue.map((v) => JSON.stringify(v).slice(0, -1) || '{') },
  { weight: 1, arbitrary: huge(10_000, 300_000).map((h) => JSON.stringify({ name: h })) },
  { weight: 1, arbitrary: unicode },
  { weight: 1, arbitrary: fc.constantFrom('', 'null', '[]', '{"__proto__":{"x":1}}', '{"a":1e999}', '-0') },
);

const fuzzed = fc.record({
  method,
  path,
  session: fc.constantFrom('handle+cookie', 'handle', 'cookie', 'none', 'bogus'),
  contentType: fc.option(contentType),
  duplicateContentType: fc.boolean(),
  headers: fc.array(extraHeader, { maxLength: 4 }),
  body: fc.option(body, { freq: 2 }),
});
type Fuzzed = typeof fuzzed extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------
// Sending, byte for byte

function rawRequest(item: Fuzzed): Buffer {
  const lines = [`${item.method} ${item.path} HTTP/1.1`, `host: 127.0.0.1:${port}`, 'connection: close'];
  if (item.session === 'handle+cookie' || item.session === 'handle')
    lines.push(`${SESSION_HANDLE_HEADER}: ${tab.handle}`);
  if (item.session === 'handle+cookie' || item.session === 'cookie') lines.push(`cookie: ${tab.cookie}`);
  if (item.session === 'bogus')
    lines.push(`${SESSION_HANDLE_HEADER}: ../../x`, 'cookie: sf_s_x=demo-operator');
  if (item.contentType !== null) {
    lines.push(`content-type: ${item.contentType}`);
    if (item.duplicateContentType) lines.push('content-type: text/html');
  }
  for (const [name, value] of item.headers) lines.push(`${name}: ${value}`);
  const payload = Buffer.from(item.body ?? '', 'utf8');
  if (item.body !== null) lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), payload]);
}

/** The answer's status, or what happened to the socket when no status line came back. */
function send(bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let head = '';
    let settled = false;
    const done = (result: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(10_000, () => done('timeout'));
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (status) done(status[1] as string);
      else if (head.includes('\r\n') || head.length > 64) done(`garbled: ${head.slice(0, 40)}`);
    });
    // The BFF may stop reading a request it refused (too large) and close: the status came first.
    socket.on('error', (error: NodeJS.ErrnoException) => done(`socket ${error.code}`));
    socket.on('close', () => done('closed without an answer'));
    // Not end(): a client that half-closes is one that left, and Node drops its request.
    socket.write(bytes);
  });
}

const describeInput = (item: Fuzzed) =>
  JSON.stringify({ ...item, path: item.path.slice(0, 200), body: item.body?.slice(0, 200) }).slice(0, 800);

describe(`${REQUESTS} fuzzed requests through the BFF to the real sandbox`, () => {
  const items = fc.sample(fuzzed, { numRuns: REQUESTS, seed: SEED });
  const results: { item: Fuzzed; result: string }[] = [];

  it('answers every one without a 5xx', { timeout: 60_000 }, async () => {
    const started = performance.now();
    let next = 0;
    async function worker() {
      while (next < items.length) {
        const item = items[next++] as Fuzzed;
        results.push({ item, result: await send(rawRequest(item)) });
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const histogram = Object.fromEntries(
      [
        ...results.reduce((m, r) => m.set(r.result, (m.get(r.result) ?? 0) + 1), new Map<string, number>()),
      ].sort(),
    );
    process.stdout.write(
      `fuzzed requests: ${results.length} in ${Math.round(performance.now() - started)} ms, statuses ${JSON.stringify(histogram)}\n`,
    );

    if (process.env.BFF_FUZZ_DUMP) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(
        process.env.BFF_FUZZ_DUMP,
        results.map((r) => `${r.result}\t${describeInput(r.item)}`).join('\n'),
      );
    }
    expect(results).toHaveLength(REQUESTS);
    const fiveHundreds = results.filter((r) => /^5\d\d$/.test(r.result));
    expect(fiveHundreds.map((r) => `${r.result} ${describeInput(r.item)}`)).toEqual([]);
    const unanswered = results.filter((r) => !/^\d{3}$/.test(r.result));
    expect(unanswered.map((r) => `${r.result} ${describeInput(r.item)}`)).toEqual([]);
    // The fuzz did reach the backend and its rules, not only the BFF's own refusals.
    expect(results.filter((r) => r.result === '200').length).toBeGreaterThan(REQUESTS / 50);
  });

  it('still answers /healthz, /readyz and a real call afterwards', async () => {
    expect((await fetch(`${bff.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${bff.url}/readyz`)).status).toBe(200);
    const order = await fetch(`${bff.url}/api/order/current`, {
      headers: { [SESSION_HANDLE_HEADER]: tab.handle, cookie: tab.cookie },
    });
    expect(order.status).toBe(200);
  });
});
