// Every reply from /api and /tray is the envelope: 300 generated requests (odd methods, mangled and
// encoded paths of every call, junk queries, bodies of every shape and type, with and without a tab
// session) through the real BFF in front of the real sandbox. Each answer is the error envelope
// ({ success: false, data: null, errors: [{ message, code }] }) or the backend's own success, carries
// Cache-Control: no-store, and is never a 5xx: the backend is up, so not even a 502/503/504.

import { startTestBff, startTestSandbox } from '@tests/server-harness.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTable } from '../call-table.ts';
import { type Answer, call, cleanupList, openTab, say, type Tab, withGoodParams } from './kit.ts';

const REQUESTS = 300;
const CONCURRENCY = 4;
/** A fixed seed keeps the run reproducible; set ATTACK_ENVELOPE_SEED to explore others. */
const SEED = Number(process.env.ATTACK_ENVELOPE_SEED ?? 20_261_125);

const cleanups = cleanupList();
let url = '';
let tab: Tab = {};

beforeAll(async () => {
  const sandbox = await startTestSandbox();
  cleanups.add(() => sandbox.close());
  // Configured as in production: an unconfigured Tray link is a 503 by design (tray-authorize.ts).
  const bff = await startTestBff({
    upstreamUrl: sandbox.url,
    env: {
      TRAY_CONSUMER_KEY: 'fuzz-consumer-key',
      TRAY_CALLBACK_URL: 'https://loja.example.com/tray/register',
    },
  });
  cleanups.add(() => bff.stop());
  url = bff.url;
  tab = await openTab(url, 'demo-shopper');
});
afterAll(() => cleanups.run());

// ---------------------------------------------------------------------------------------------
// Generated requests

/** Each call of the table, its parameter filled with a good value, with its declared method. */
const TABLE_CALLS = callTable({ sandboxRoutes: true, bodyLimitBytes: 65_536 }).map((route) => ({
  path: withGoodParams(route.path),
  method: route.method as string,
}));
const OTHER_CALLS = [
  '/api/session/demo-shopper',
  '/api/session',
  '/api',
  '/api/',
  '/tray',
  '/tray/',
  '/tray/authorize?url=https://www.lojadoze.com.br',
  '/tray/authorize?url=javascript:alert(1)',
  '/tray/register',
  '/api/admin',
  '/api/sandbox/outbox',
].map((path) => ({ path, method: 'GET' }));

/** Path characters node:http accepts as they are; anything else is percent-encoded. */
const asPathText = (text: string) =>
  [...text].map((c) => (/^[\u0021-\u007e]$/.test(c) && c !== '?' ? c : encodeURIComponent(c))).join('');

const junkSegment = fc.oneof(
  fc.constantFrom(
    '..%2F..%2Forder%2Fconfirm',
    '%2e%2e',
    '%ZZ',
    '%00',
    '%0d%0a',
    '%c0%ae',
    '%u002e',
    '..;',
    '%252e',
    '4111111111111111',
    '',
    '.',
    '..',
    '~',
    '%',
  ),
  fc.string({ maxLength: 30 }).map(asPathText),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent),
);

const mutate = (path: string, how: number, junk: string, flip: number): string => {
  const [pathPart = '', query] = path.split('?');
  const segments = pathPart.split('/');
  switch (how) {
    case 0:
      return path;
    case 1:
      return `${pathPart.toUpperCase()}${query ? `?${query}` : ''}`;
    case 2:
      return `${pathPart}/`;
    case 3:
      return pathPart.replace(/^(\/[^/]+)\//, '$1//');
    case 4:
      return `${pathPart}/${junk}`;
    case 5: {
      // The last segment replaced: an id, a call name.
      segments[segments.length - 1] = junk;
      return segments.join('/');
    }
    case 6: {
      const at = 1 + (flip % Math.max(1, segments.length - 1));
      segments[at] = (segments[at] ?? '').replace(/./, (c) => c.toUpperCase());
      return segments.join('/');
    }
    case 7:
      return `${pathPart}?${junk}=${junk}&searchQuery=${junk}&coupon=${junk}`;
    default:
      return `${pathPart}${junk}`;
  }
};

const odd = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('GET', 'POST') },
  { weight: 2, arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE', 'TRACE') },
);

const target = fc
  .tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...TABLE_CALLS) }, fc.constantFrom(...OTHER_CALLS)),
    // Half the time the call's own method, else any.
    fc.option(odd, { freq: 2 }),
    // Mostly the call itself or its query mangled, so the backend's own answers are well represented.
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(0) },
      { weight: 3, arbitrary: fc.constant(7) },
      { weight: 5, arbitrary: fc.integer({ min: 1, max: 8 }) },
    ),
    junkSegment,
    fc.nat(),
  )
  .map(([base, method, how, junk, flip]) => ({
    path: mutate(base.path, how, junk, flip),
    method: method ?? base.method,
  }))
  .filter(({ path }) => path.startsWith('/'));

const body = fc.oneof(
  fc.constant(undefined),
  fc
    .jsonValue({ maxDepth: 3 })
    .map((value) => ({ text: JSON.stringify(value) ?? 'null', type: 'application/json' })),
  fc
    .record({ searchQuery: fc.string(), quantity: fc.integer(), productId: fc.string(), coupon: fc.string() })
    .map((value) => ({ text: JSON.stringify(value), type: 'application/json' })),
  fc.string({ maxLength: 40 }).map((text) => ({ text: `{"a":${text}`, type: 'application/json' })),
  fc.string({ maxLength: 40 }).map((text) => ({ text, type: 'text/plain' })),
  fc.constant({ text: 'a=1&b=2', type: 'application/x-www-form-urlencoded' }),
  fc.constant({ text: '{"a":1}', type: 'application/json; charset=utf-16' }),
  fc.constant({ text: '{"a":1}', type: '' }),
);

const request = fc
  .record({ target, body, withTab: fc.boolean() })
  .map(({ target: { path, method }, body, withTab }) => ({ path, method, body, withTab }));
type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------

type Problem = { request: string; status: number; why: string; text: string };

function problemsOf(item: Generated, answer: Answer): string[] {
  const why: string[] = [];
  if (answer.status >= 500) why.push('5xx');
  if (!String(answer.headers['cache-control']).includes('no-store')) why.push('no no-store');
  if (item.method === 'HEAD') return why;
  const parsed = answer.json as {
    success?: unknown;
    data?: unknown;
    errors?: { message?: unknown; code?: unknown }[];
  } | null;
  if (!String(answer.headers['content-type']).startsWith('application/json')) why.push('not JSON');
  if (parsed?.success === true) {
    if (answer.status >= 300) why.push('success with a non-2xx status');
  } else {
    const first = parsed?.errors?.[0];
    const envelope =
      parsed?.success === false &&
      parsed.data === null &&
      typeof first?.message === 'string' &&
      typeof first.code === 'number';
    if (!envelope) why.push('not the error envelope');
  }
  return why;
}

describe('every reply from /api and /tray is the envelope', () => {
  it(`${REQUESTS} generated requests: each answer is the envelope (or the backend's success), no-store, never a 5xx`, {
    timeout: 30_000,
  }, async () => {
    const items = fc.sample(request, { numRuns: REQUESTS, seed: SEED });
    const statuses = new Map<number, number>();
    const problems: Problem[] = [];
    let next = 0;
    let checked = 0;
    const started = performance.now();
    async function worker() {
      while (next < items.length) {
        const item = items[next++] as Generated;
        const headers: Record<string, string> = { ...(item.withTab ? tab : {}) };
        if (item.body?.type) headers['content-type'] = item.body.type;
        const answer = await call(url, item.path, {
          method: item.method,
          headers,
          body: item.method === 'GET' || item.method === 'HEAD' ? undefined : item.body?.text,
        });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (!/^\/(api|tray)(\/|$|\?)/i.test(item.path)) continue;
        checked += 1;
        const why = problemsOf(item, answer);
        if (why.length > 0) {
          problems.push({
            request: `${item.method} ${item.path}`,
            status: answer.status,
            why: why.join(', '),
            text: answer.text.slice(0, 160),
          });
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    say(
      `envelope fuzz: ${items.length} requests (${checked} under /api or /tray) in ${(performance.now() - started).toFixed(0)} ms, ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}, problems ${problems.length}`,
    );
    for (const problem of problems.slice(0, 10)) say(`envelope fuzz problem: ${JSON.stringify(problem)}`);
    expect(checked).toBeGreaterThan(REQUESTS * 0.9);
    expect(problems).toEqual([]);
    // The BFF is still well afterwards.
    expect((await call(url, '/healthz')).status).toBe(200);
  });
});
