// The BFF against a failing commerce backend: a fake upstream on a free loopback port that refuses,
// hangs, trickles, answers garbage or 5xx, cuts connections; plus the BFF's own guards (allow-list,
// path parameters, body rules, rate limits) which must never reach upstream. Every timing is printed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import { closedPort, openSessionCall, startTestBff } from '../../tests/server-harness.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

/** A fake backend whose every answer the test decides; counts and times each hit. */
async function fakeUpstream(handler: Handler) {
  const hits: { method: string; url: string; at: number }[] = [];
  const server: Server = createServer((req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', at: performance.now() });
    req.resume();
    req.on('end', () => handler(req, res, hits.length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const envelope = (data: unknown) => JSON.stringify({ success: true, data, errors: [] });
const json = (res: ServerResponse, body: string, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
};
/** The usual backend: sessions open, every call answers an envelope. */
const healthy: Handler = (req, res) => json(res, envelope({ path: req.url }));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(handler: Handler | null, env: Record<string, string> = {}) {
  const upstream = handler ? await fakeUpstream(handler) : undefined;
  const upstreamUrl = upstream?.url ?? `http://127.0.0.1:${await closedPort()}`;
  const bff = await startTestBff({ upstreamUrl, env });
  cleanups.push(async () => {
    await bff.stop();
    await upstream?.close();
  });
  return { bff, upstream, hits: upstream?.hits ?? [] };
}

async function timed(url: string, init?: RequestInit) {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  const ms = performance.now() - started;
  let body: { success?: boolean; errors?: { message: string; code: number }[] } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // Left empty: the assertions say what was expected.
  }
  return { status: response.status, headers: response.headers, text, body, ms };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const report = (label: string, values: number[]) =>
  process.stdout.write(`${label}: ${values.map((v) => `${v.toFixed(1)} ms`).join(', ')}\n`);

function expectEnvelope(answer: Awaited<ReturnType<typeof timed>>, status: number | number[]) {
  expect([status].flat()).toContain(answer.status);
  expect(answer.body.success).toBe(false);
  expect(answer.body.errors?.[0]?.code).toBe(answer.status);
  expect(answer.headers.get('content-type')).toMatch(/application\/json/);
}

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('a backend that cannot be reached', () => {
  it('refused connection → 503 envelope after one retry (< 250 ms), then at once when the circuit opens', async () => {
    const { bff } = await setup(null, { BREAKER_MIN_CALLS: '100000' });
    const first = await timed(`${bff.url}/api/order/current`);
    expectEnvelope(first, [502, 503]);
    const times: number[] = [];
    for (const path of [
      '/api/order/current',
      '/api/catalog/top',
      '/api/shop/settings',
      '/api/order/current',
      '/api/catalog/categories',
    ]) {
      const answer = await timed(`${bff.url}${path}`);
      expectEnvelope(answer, [502, 503]);
      expect(answer.text).not.toMatch(/127\.0\.0\.1|ECONN|localhost/);
      times.push(answer.ms);
    }
    report(`refused: first call (one retry with jitter) ${first.ms.toFixed(1)} ms; then`, times);
    expect(Math.max(...times)).toBeLessThan(250);

    // With the breaker as configured by default (10 calls in 10 s, half failing), the circuit opens.
    const { bff: guarded } = await setup(null);
    for (let i = 0; i < 10; i++) expectEnvelope(await timed(`${guarded.url}/api/catalog/top`), [502, 503]);
    const open: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await timed(`${guarded.url}/api/catalog/top`);
      expectEnvelope(answer, 503);
      open.push(answer.ms);
    }
    report('refused, circuit open', open);
    expect(median(open)).toBeLessThan(50);
  });

  it('DNS failure (an .invalid host) → 502/503 envelope quickly (< 1,000 ms)', async () => {
    const bff = await startTestBff({
      upstreamUrl: 'http://commerce-backend.invalid',
      env: { BREAKER_MIN_CALLS: '100000' },
    });
    cleanups.push(() => bff.stop());
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await timed(`${bff.url}/api/catalog/top`);
      expectEnvelope(answer, [502, 503]);
      expect(answer.text).not.toContain('invalid');
      times.push(answer.ms);
    }
    report('DNS failure', times);
    expect(Math.max(...times)).toBeLessThan(1_000);
  });
});

describe('a backend that does not answer in time', () => {
  it('hang → 504 envelope at the 300 ms timeout ± 10 % (270–330 ms)', async () => {
    const { bff } = await setup(() => {}, { UPSTREAM_TIMEOUT_MS: '300', BREAKER_MIN_CALLS: '100000' });
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await timed(`${bff.url}/api/order/current`);
      expectEnvelope(answer, 504);
      expect(answer.body.errors?.[0]?.message).toMatch(/demorou demais/);
      times.push(answer.ms);
    }
    report('hang, timeout 300 ms', times);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(270);
    expect(median(times)).toBeLessThanOrEqual(330);
  });

  it('payment calls get their own, longer timeout (300 ms vs 600 ms)', async () => {
    const { bff } = await setup(() => {}, {
      UPSTREAM_TIMEOUT_MS: '300',
      UPSTREAM_PAYMENT_TIMEOUT_MS: '600',
      BREAKER_MIN_CALLS: '100000',
    });
    const answer = await timed(`${bff.url}/api/order/payment/credit`, post({ number: '4111111111111111' }));
    report('hang on a card payment, payment timeout 600 ms', [answer.ms]);
    expectEnvelope(answer, 504);
    expect(answer.ms).toBeGreaterThanOrEqual(540);
    expect(answer.ms).toBeLessThan(800);
  });

  it('slow body: a trickle past the 300 ms timeout → 504, nothing of the partial body', async () => {
    const { bff } = await setup(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"success":true,"data":"PARTIAL');
        const timer = setInterval(() => res.write('x'), 50);
        res.on('close', () => clearInterval(timer));
      },
      { UPSTREAM_TIMEOUT_MS: '300', BREAKER_MIN_CALLS: '100000' },
    );
    const answer = await timed(`${bff.url}/api/order/current`);
    report('slow body, timeout 300 ms', [answer.ms]);
    expectEnvelope(answer, 504);
    expect(answer.text).not.toContain('PARTIAL');
    expect(answer.ms).toBeGreaterThanOrEqual(270);
    expect(answer.ms).toBeLessThan(450);
  });

  it('a slow but complete body within the timeout is answered whole (200)', async () => {
    const { bff } = await setup(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const body = envelope({ list: 'y'.repeat(50_000) });
        const parts = [body.slice(0, 10), body.slice(10, 30_000), body.slice(30_000)];
        let i = 0;
        const timer = setInterval(() => {
          res.write(parts[i++] ?? '');
          if (i === parts.length) {
            clearInterval(timer);
            res.end();
          }
        }, 40);
      },
      { UPSTREAM_TIMEOUT_MS: '1000' },
    );
    const answer = await timed(`${bff.url}/api/catalog/top`);
    report('slow complete body (3 chunks, 40 ms apart)', [answer.ms]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: { list: 'y'.repeat(50_000) } });
  });
});

describe('a backend that answers garbage', () => {
  const garbage: [string, Handler][] = [
    [
      'an HTML page (200)',
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>GARBAGE nginx error page</body></html>');
      },
    ],
    ['truncated JSON (well framed)', (_req, res) => json(res, '{"success":true,"data":{"GARBAGE":')],
    [
      'truncated JSON (connection cut mid-body)',
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
        res.write('{"success":true,"data":"GARBAGE');
        setTimeout(() => res.socket?.destroy(), 20);
      },
    ],
    ['JSON of the wrong shape', (_req, res) => json(res, '{"ok":true,"GARBAGE":1}')],
    ['a JSON array', (_req, res) => json(res, '["GARBAGE"]')],
    ['success that is not a boolean', (_req, res) => json(res, '{"success":"GARBAGE","data":null}')],
    [
      'JSON sent as text/plain',
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(envelope('GARBAGE'));
      },
    ],
    [
      'a 500 with an HTML page',
      (_req, res) => {
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<h1>GARBAGE Internal Server Error at /srv/app.js:12</h1>');
      },
    ],
    ['an empty 200', (_req, res) => json(res, '')],
  ];

  it.each(garbage)('%s → 502 envelope, nothing of it forwarded', async (_label, handler) => {
    const { bff } = await setup(handler, { BREAKER_MIN_CALLS: '100000' });
    for (const [path, init] of [
      ['/api/catalog/top', undefined],
      ['/api/session', post({ code: 'demo-shopper' })],
    ] as const) {
      const answer = await timed(`${bff.url}${path}`, init);
      expectEnvelope(answer, 502);
      expect(answer.text).not.toContain('GARBAGE');
      expect(answer.text).not.toContain('/srv');
    }
  });

  it('a call that answered well turns to garbage → 502 from the first bad answer on', async () => {
    const good = envelope({ name: 'Loja Demo' });
    // The same length as the good answer, so only its bytes tell them apart.
    const bad = `${good.slice(0, -1)}]`;
    const { bff } = await setup((_req, res, hit) => json(res, hit <= 3 ? good : bad), {
      BREAKER_MIN_CALLS: '100000',
    });
    for (let i = 0; i < 3; i++) {
      const answer = await timed(`${bff.url}/api/catalog/top`);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(good);
    }
    for (let i = 0; i < 2; i++) expectEnvelope(await timed(`${bff.url}/api/catalog/top`), 502);
  });

  it('an answer beyond the size cap (2 KB here) → 502', async () => {
    const { bff } = await setup((_req, res) => json(res, envelope('z'.repeat(5_000))), {
      UPSTREAM_MAX_ANSWER_BYTES: '2048',
    });
    expectEnvelope(await timed(`${bff.url}/api/catalog/top`), 502);
  });

  it('a 5xx from the backend is answered with our own message: its words may name internal hosts', async () => {
    const body = JSON.stringify({
      success: false,
      data: null,
      errors: [
        { message: 'NullPointerException at db-primary.internal:5432', code: 500, type: 'error', status: 0 },
      ],
    });
    const { bff } = await setup((_req, res) => json(res, body, 500));
    for (const [path, init] of [
      ['/api/order/current', undefined],
      ['/api/order/coupon/?coupon=X', { method: 'POST' }],
    ] as const) {
      const answer = await timed(`${bff.url}${path}`, init);
      expectEnvelope(answer, 502);
      expect(answer.body.errors?.[0]?.message).toBe('Ops! Algo de errado aconteceu. Tente novamente.');
      expect(answer.text).not.toMatch(/internal|5432|NullPointer/);
    }
  });

  it('4xx envelopes and empty 204/304 answers pass through', async () => {
    const { bff } = await setup((req, res) => {
      if (req.url?.startsWith('/api/catalog/top')) {
        res.writeHead(304);
        res.end();
      } else json(res, JSON.stringify({ success: false, data: null, errors: [{ message: 'Não.' }] }), 404);
    });
    expect((await timed(`${bff.url}/api/catalog/top`)).status).toBe(304);
    const notFound = await timed(`${bff.url}/api/catalog/products/123`);
    expect(notFound.status).toBe(404);
    expect(notFound.body.errors?.[0]?.message).toBe('Não.');
  });
});

describe('retries: a GET once with 50–150 ms jitter, never a POST, never a payment', () => {
  /** Cuts the connection of the first `failures` calls, then answers. */
  const cutFirst =
    (failures: number): Handler =>
    (req, res, hit) => {
      if (hit <= failures) res.socket?.destroy();
      else json(res, envelope({ path: req.url }));
    };

  it('GET whose connection is cut is retried once and answered (2 upstream hits)', async () => {
    const { bff, hits } = await setup(cutFirst(1));
    const answer = await timed(`${bff.url}/api/catalog/top`);
    expect(answer.status).toBe(200);
    expect(hits).toHaveLength(2);
    const gap = (hits[1]?.at ?? 0) - (hits[0]?.at ?? 0);
    report('GET retried: gap between the 2 hits', [gap]);
    expect(gap).toBeGreaterThanOrEqual(45);
    expect(gap).toBeLessThan(250);
  });

  it('a GET that fails twice is not tried a third time (2 hits, 502/503)', async () => {
    const { bff, hits } = await setup(cutFirst(10));
    expectEnvelope(await timed(`${bff.url}/api/catalog/top`), [502, 503]);
    expect(hits).toHaveLength(2);
  });

  it('POST is never retried (1 hit)', async () => {
    const { bff, hits } = await setup(cutFirst(1));
    expectEnvelope(
      await timed(`${bff.url}/api/catalog/products/search`, post({ searchQuery: 'x' })),
      [502, 503],
    );
    expect(hits).toHaveLength(1);
  });

  it('a payment GET and a GET with effects are never retried (1 hit each)', async () => {
    for (const path of ['/api/order/payment/credit', '/api/order/confirm']) {
      const { bff, hits } = await setup(cutFirst(1));
      expectEnvelope(await timed(`${bff.url}${path}`), [502, 503]);
      expect(hits, path).toHaveLength(1);
    }
  });
});

describe('circuit breaker per route group: opens when the backend is down, not when a caller is slow', () => {
  const BREAKER = { BREAKER_MIN_CALLS: '3', BREAKER_WINDOW_MS: '5000', BREAKER_COOLDOWN_MS: '400' };

  it('opens when connections are cut, answers 503 at once, probes after the cool-down', async () => {
    let backendUp = false;
    const { bff, hits } = await setup((req, res) => {
      if (!backendUp && req.url?.startsWith('/api/catalog/')) res.socket?.destroy();
      else json(res, envelope({ path: req.url }));
    }, BREAKER);
    const search = () => timed(`${bff.url}/api/catalog/products/search`, post({ searchQuery: 'x' }));
    for (let i = 0; i < 3; i++) expectEnvelope(await search(), [502, 503]);
    expect(hits).toHaveLength(3);

    const open: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await search();
      expectEnvelope(answer, 503);
      expect(answer.body.errors?.[0]?.message).toMatch(/indisponível/);
      expect(answer.headers.get('retry-after')).toBe('1');
      open.push(answer.ms);
    }
    report('circuit open (no upstream hit)', open);
    expect(hits).toHaveLength(3);
    expect(median(open)).toBeLessThan(50);

    // Another group (order) still reaches the backend.
    expect((await timed(`${bff.url}/api/order/current`)).status).toBe(200);
    expect(hits).toHaveLength(4);

    // After the cool-down one probe goes through; it fails, so the circuit opens again at once.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expectEnvelope(await search(), [502, 503]);
    expect(hits).toHaveLength(5);
    expectEnvelope(await search(), 503);
    expect(hits).toHaveLength(5);

    // Next cool-down: the backend is back, the probe succeeds and the circuit closes.
    backendUp = true;
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await search()).status).toBe(200);
    expect((await search()).status).toBe(200);
    expect(hits).toHaveLength(7);
  });

  it('opens when the backend answers 503 (a gateway says it is down)', async () => {
    // One test client: any one client's 503s count here (breaker-griefing.test.ts holds the rule that
    // three clients must meet them).
    const { bff, hits } = await setup((_req, res) => json(res, envelope(null), 503), {
      ...BREAKER,
      BREAKER_MIN_CLIENTS: '1',
    });
    for (let i = 0; i < 3; i++) expectEnvelope(await timed(`${bff.url}/api/order/current`), 503);
    expect(hits).toHaveLength(3);
    expectEnvelope(await timed(`${bff.url}/api/order/current`), 503);
    expect(hits).toHaveLength(3);
  });

  it("one caller's slow searches time out for that caller and close the catalogue for nobody", async () => {
    const { bff } = await setup(
      (req, res) => {
        // The griefer's searches hang; everything else answers at once.
        if (req.url?.startsWith('/api/catalog/products/searchText')) return;
        json(res, envelope({ path: req.url }));
      },
      { ...BREAKER, UPSTREAM_TIMEOUT_MS: '200' },
    );
    const slow = await Promise.all(
      Array.from({ length: 10 }, () =>
        timed(`${bff.url}/api/catalog/products/searchText`, post({ searchQuery: 'lento' })),
      ),
    );
    for (const answer of slow) expectEnvelope(answer, 504);
    const shopper = await timed(`${bff.url}/api/catalog/products/search`, post({ searchQuery: 'camiseta' }));
    report('a shopper right after 10 slow searches', [shopper.ms]);
    expect(shopper.status).toBe(200);
  });

  it('a 500 one crafted call provokes does not open it either', async () => {
    const { bff, hits } = await setup(
      (req, res) =>
        req.url?.includes('quebra')
          ? json(res, JSON.stringify({ success: false, data: null, errors: [{ message: 'bug' }] }), 500)
          : json(res, envelope({ path: req.url })),
      BREAKER,
    );
    for (let i = 0; i < 10; i++) {
      expectEnvelope(await timed(`${bff.url}/api/catalog/products/facets?searchQuery=quebra`), 502);
    }
    expect((await timed(`${bff.url}/api/catalog/products/facets?searchQuery=ok`)).status).toBe(200);
    expect(hits).toHaveLength(11);
  });
});

describe('rate limits (429 envelope, Portuguese message, Retry-After; never reaching upstream)', () => {
  const sessionsUpstream: Handler = (req, res) => {
    if (req.url?.startsWith('/api/session/bad')) {
      json(
        res,
        JSON.stringify({ success: false, data: null, errors: [{ message: 'Sessão não encontrada.' }] }),
        404,
      );
    } else json(res, envelope({ path: req.url }));
  };

  async function openTab(url: string, code: string) {
    const response = await openSessionCall(url, code);
    await response.arrayBuffer();
    return {
      [SESSION_HANDLE_HEADER]: response.headers.get(SESSION_HANDLE_HEADER) ?? '',
      cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? '',
    };
  }

  function expectLimited(answer: Awaited<ReturnType<typeof timed>>) {
    expectEnvelope(answer, 429);
    expect(answer.body.errors?.[0]?.message).toBe(
      'Muitas tentativas. Aguarde um instante e tente novamente.',
    );
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  it('card payments: 3 per minute per tab session, the 4th is 429; another tab still pays', async () => {
    const { bff, hits } = await setup(sessionsUpstream, { RATE_LIMIT_CARD_PAYMENTS_PER_MIN: '3' });
    const tab = await openTab(bff.url, 'tab-a');
    const other = await openTab(bff.url, 'tab-b');
    const before = hits.length;
    for (let i = 0; i < 3; i++) {
      expect((await timed(`${bff.url}/api/order/payment/credit`, post({}, tab))).status).toBe(200);
    }
    expectLimited(await timed(`${bff.url}/api/order/payment/credit`, post({}, tab)));
    expectLimited(await timed(`${bff.url}/api/order/payment/mercadoPago`, post({}, tab)));
    expect(hits.length - before).toBe(3);
    expect((await timed(`${bff.url}/api/order/payment/credit`, post({}, other))).status).toBe(200);
  });

  it('coupons: 2 per minute per session, the 3rd is 429', async () => {
    const { bff, hits } = await setup(sessionsUpstream, { RATE_LIMIT_COUPONS_PER_MIN: '2' });
    const tab = await openTab(bff.url, 'tab-c');
    const before = hits.length;
    const coupon = () => timed(`${bff.url}/api/order/coupon/?coupon=X`, { method: 'POST', headers: tab });
    expect((await coupon()).status).toBe(200);
    expect((await coupon()).status).toBe(200);
    expectLimited(await coupon());
    expect(hits.length - before).toBe(2);
  });

  it('session opens: 2 failed opens per minute per IP, then 429; successful opens are not counted', async () => {
    const { bff, hits } = await setup(sessionsUpstream, { RATE_LIMIT_SESSION_OPENS_PER_MIN: '2' });
    const open = (code: string) => timed(`${bff.url}/api/session`, post({ code }));
    for (let i = 0; i < 5; i++) expect((await open(`good-${i}`)).status).toBe(200);
    expect((await open('bad-1')).status).toBe(404);
    expect((await open('bad-2')).status).toBe(404);
    const before = hits.length;
    expectLimited(await open('bad-3'));
    expectLimited(await open('good-9'));
    // A bad body is a failed open too, and the limit holds it as well.
    expectLimited(await timed(`${bff.url}/api/session`, post({ code: '<script>' })));
    expect(hits.length).toBe(before);
  });

  it('Tray link: 2 per minute per IP, the 3rd is 429', async () => {
    const { bff, hits } = await setup(sessionsUpstream, { RATE_LIMIT_TRAY_LINKS_PER_MIN: '2' });
    const link = () => timed(`${bff.url}/tray/link-store`, post({ store: '1' }));
    expect((await link()).status).toBe(200);
    expect((await link()).status).toBe(200);
    expectLimited(await link());
    expect(hits).toHaveLength(2);
  });
});

describe('allow-list, path parameters and bodies: refused without reaching upstream', () => {
  it('answers 404 for paths and methods outside the contract (0 upstream hits)', async () => {
    const { bff, hits } = await setup(healthy);
    const refused: [string, RequestInit?][] = [
      ['/api/nada'],
      ['/api/admin/users'],
      ['/api/catalog/products/search'.toUpperCase()],
      ['/api/catalog//top'],
      ['/api/catalog/top/extra'],
      ['/api/sandbox/outbox?session=demo-shopper'],
      ['/api/sandbox/sessions', post({ from: 'demo-shopper' })],
      ['/api/sandbox/payments/expire', post({ session: 'demo-shopper' })],
      ['/api/sandbox/media/logo.svg'],
      ['/tray/other'],
      ['/api/%2e%2e/%2e%2e/etc/passwd'],
    ];
    for (const [path, init] of refused) {
      const answer = await timed(`${bff.url}${path}`, init);
      expect(answer.status, path).toBe(404);
      expect(answer.body.success, path).toBe(false);
    }
    // A method the call does not declare: 405 with what it allows (HEAD included: it would run a GET).
    for (const method of ['POST', 'DELETE', 'HEAD', 'OPTIONS', 'PUT']) {
      const answer = await fetch(`${bff.url}/api/order/current`, { method });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow'), method).toBe('GET');
    }
    process.stdout.write(
      `allow-list: ${refused.length} calls refused with 404, 5 methods with 405, upstream hits: ${hits.length}\n`,
    );
    expect(hits).toHaveLength(0);
  });

  it('lets the sandbox-only calls through when SANDBOX_ROUTES is on', async () => {
    const { bff, hits } = await setup(
      (req, res) => {
        if (req.url?.startsWith('/api/sandbox/media/')) {
          res.writeHead(200, { 'content-type': 'image/svg+xml' });
          res.end('<svg/>');
        } else json(res, envelope({ path: req.url }));
      },
      { SANDBOX_ROUTES: 'true' },
    );
    const media = await timed(`${bff.url}/api/sandbox/media/logo.svg`);
    expect(media.status).toBe(200);
    expect(media.text).toBe('<svg/>');
    expect((await timed(`${bff.url}/api/sandbox/outbox?session=x`)).status).toBe(200);
    expect((await timed(`${bff.url}/api/sandbox/sessions`, post({ from: 'demo-shopper' }))).status).toBe(200);
    const expire = await timed(`${bff.url}/api/sandbox/payments/expire`, post({ session: 'demo-shopper' }));
    expect(expire.status).toBe(200);
    expect((await timed(`${bff.url}/api/sandbox/media/..%2F..%2Fetc`)).status).toBe(400);
    expect(hits).toHaveLength(4);
  });

  it('answers 400 for a path parameter that fails its schema (0 upstream hits)', async () => {
    const { bff, hits } = await setup(healthy);
    for (const path of [
      `/api/catalog/products/${'9'.repeat(201)}`,
      '/api/catalog/products/%E0%A4%A',
      `/tray/link-store/${'x'.repeat(201)}`,
    ]) {
      const answer = await timed(`${bff.url}${path}`);
      expectEnvelope(answer, 400);
      expect(answer.body.errors?.[0]?.message, path).toBe('Endereço com um parâmetro inválido.');
    }
    expect(hits).toHaveLength(0);
  });

  it('POST bodies: 415 when not JSON, 413 beyond 1 KB, 400 when broken; bodyless calls pass', async () => {
    const { bff, hits } = await setup(healthy, { REQUEST_BODY_LIMIT_BYTES: '1024' });
    const url = `${bff.url}/api/catalog/products/search`;
    const textPlain = await timed(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'a=1',
    });
    expectEnvelope(textPlain, 415);
    const form = await timed(url, { method: 'POST', body: new URLSearchParams({ a: '1' }) });
    expectEnvelope(form, 415);
    expectEnvelope(await timed(url, post({ searchQuery: 'x'.repeat(2_000) })), 413);
    const broken = await timed(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expectEnvelope(broken, 400);
    expect(hits).toHaveLength(0);

    expect((await timed(url, post({ searchQuery: 'café' }))).status).toBe(200);
    expect((await timed(`${bff.url}/api/order/semiautomatic`, { method: 'POST' })).status).toBe(200);
    expect((await timed(`${bff.url}/api/order/pix/manual`, { method: 'POST' })).status).toBe(200);
    expect(hits.map((h) => h.url)).toEqual([
      '/api/catalog/products/search',
      '/api/order/semiautomatic',
      '/api/order/pix/manual',
    ]);
  });
});
