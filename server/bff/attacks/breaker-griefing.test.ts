// Breaker griefing: an anonymous caller cannot open the catalogue's circuit for everyone else, neither
// with searches that make the backend hang (they time out for that caller alone) nor with calls that
// provoke 500s; only the backend being down (connections failing, 502/503/504 answers across calls)
// opens it, and then the catalogue answers 503 at once while the other route groups go on.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { startTestBff } from '@tests/server-harness.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { type Answer, call, cleanupList, expectEnvelope, listenOnLoopback, say } from './kit.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const cleanups = cleanupList();
afterEach(() => cleanups.run());

/** A backend the test scripts, counting the hits of each path. */
async function scriptedUpstream(handler: Handler) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      hits.push(req.url ?? '');
      handler(req, res, body);
    });
  });
  const address = await listenOnLoopback(server, cleanups);
  return { url: address, hits };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};
const ok = (res: ServerResponse) => json(res, 200, { success: true, data: { items: [] }, errors: [] });
const failed = (res: ServerResponse, status: number) =>
  json(res, status, { success: false, data: null, errors: [{ message: 'falhou', code: status }] });

/**
 * A circuit that opens after 3 calls and, once open, stays open for the whole test: what it lets
 * through is visible. The timeout is long (nothing but the hanging searches should ever reach it on
 * a busy runner) except where the slow searches are the point.
 */
const BREAKER = {
  BREAKER_MIN_CALLS: '3',
  BREAKER_WINDOW_MS: '5000',
  BREAKER_COOLDOWN_MS: '30000',
  UPSTREAM_TIMEOUT_MS: '5000',
};
const SLOW_TIMEOUT_MS = 600;

async function bffOver(handler: Handler, env: Record<string, string> = {}) {
  const upstream = await scriptedUpstream(handler);
  const bff = await startTestBff({ upstreamUrl: upstream.url, env: { ...BREAKER, ...env } });
  cleanups.add(() => bff.stop());
  return { url: bff.url, hits: upstream.hits };
}

const search = (url: string, query: string, from?: string): Promise<Answer> =>
  call(url, '/api/catalog/products/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ searchQuery: query }),
    localAddress: from,
  });

/** Three shoppers on three addresses (Linux answers all of 127/8 on loopback). */
const SHOPPERS = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];

describe('breaker griefing', () => {
  it('anonymous concurrent slow searches time out for that caller alone: the shopper after (and during) them gets 200', {
    timeout: 15_000,
  }, async () => {
    const { url, hits } = await bffOver(
      (_req, res, body) => {
        // The griefer's searches make the backend hang; everything else is answered at once.
        if (body.includes('lento')) return;
        ok(res);
      },
      { UPSTREAM_TIMEOUT_MS: String(SLOW_TIMEOUT_MS) },
    );
    const during: Answer[] = [];
    let slowAnswers: Answer[] = [];
    for (let wave = 0; wave < 3; wave++) {
      const slow = Promise.all(Array.from({ length: 10 }, () => search(url, 'lento')));
      during.push(await search(url, 'camiseta'));
      slowAnswers = slowAnswers.concat(await slow);
    }
    for (const answer of slowAnswers) expectEnvelope(answer, 504, 'slow search');
    const after = [
      await search(url, 'camiseta'),
      await call(url, '/api/catalog/top'),
      await search(url, 'camiseta'),
    ];
    say(
      `griefing: ${slowAnswers.length} slow searches in 3 waves, all 504 after ~${SLOW_TIMEOUT_MS} ms; ` +
        `shopper during them: ${during.map((a) => `${a.status} in ${a.ms.toFixed(0)} ms`).join(', ')}; after: ${after.map((a) => a.status).join(', ')}`,
    );
    for (const answer of [...during, ...after]) expect(answer.status).toBe(200);
    // Each shopper call reached the backend: nothing was short-circuited.
    expect(hits.length).toBe(slowAnswers.length + during.length + after.length);
  });

  it('a caller provoking 500s does not open it: every call still reaches the backend and the shopper gets 200', async () => {
    const { url, hits } = await bffOver((_req, res, body) =>
      body.includes('quebra') ? failed(res, 500) : ok(res),
    );
    const provoked = await Promise.all(Array.from({ length: 20 }, () => search(url, 'quebra')));
    for (const answer of provoked) expectEnvelope(answer, 502, 'provoked 500');
    const shopper = await search(url, 'camiseta');
    say(
      `griefing: 20 provoked 500s answered 502; the shopper after them: ${shopper.status}; backend hits ${hits.length}`,
    );
    expect(shopper.status).toBe(200);
    expect(hits).toHaveLength(21);
  });

  it('connections failing across calls do open it: the catalogue answers 503 at once without calling the backend, the order calls go on', async () => {
    const { url, hits } = await bffOver((req, res) => {
      if (req.url?.startsWith('/api/catalog/')) res.socket?.destroy();
      else ok(res);
    });
    const failing = [];
    for (let i = 0; i < 3; i++) failing.push(await search(url, 'camiseta'));
    for (const answer of failing) expectEnvelope(answer, [502, 503], 'connection cut');
    const catalogueHits = hits.length;
    const open = [await search(url, 'camiseta'), await call(url, '/api/catalog/top')];
    for (const answer of open) {
      expectEnvelope(answer, 503, 'circuit open');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(hits.length).toBe(catalogueHits);
    const order = await call(url, '/api/order/current');
    say(
      `griefing: 3 cut connections opened the catalogue circuit: then ${open.map((a) => `${a.status} in ${a.ms.toFixed(0)} ms`).join(', ')} ` +
        `without reaching the backend; order group: ${order.status}`,
    );
    expect(order.status).toBe(200);
  });

  it.each([502, 503, 504])('the backend answering %i to three shoppers opens it too', async (status) => {
    const { url, hits } = await bffOver((req, res) =>
      req.url?.startsWith('/api/catalog/') ? failed(res, status) : ok(res),
    );
    // The answers count once three clients have met one (the first two do not): within two rounds of
    // the three shoppers the circuit opens.
    for (const shopper of [...SHOPPERS, ...SHOPPERS])
      expectEnvelope(await search(url, 'camiseta', shopper), [502, 503, 504], `backend ${status}`);
    const reached = hits.length;
    expect(reached).toBeGreaterThanOrEqual(3);
    expect(reached).toBeLessThan(6);
    expectEnvelope(await search(url, 'camiseta', '127.0.0.5'), 503, 'circuit open');
    expect(hits).toHaveLength(reached);
    expect((await call(url, '/api/order/current')).status).toBe(200);
  });

  it('one client whose calls a throttle answers 503 does not open it: every shopper after it still gets 200', async () => {
    const GRIEFER = '127.0.0.9';
    // A throttle in front of the backend answers the abusive address 503, everyone else at once.
    const { url, hits } = await bffOver((req, res) =>
      req.headers['x-forwarded-for'] === GRIEFER ? failed(res, 503) : ok(res),
    );
    const throttled = [];
    for (let i = 0; i < 20; i++) throttled.push(await search(url, 'camiseta', GRIEFER));
    for (const answer of throttled) expectEnvelope(answer, 503, 'throttled');
    const shoppers = [];
    for (const shopper of SHOPPERS) shoppers.push(await search(url, 'camiseta', shopper));
    say(
      `griefing: 20 calls of one address answered 503 by a throttle; the shoppers after: ${shoppers.map((a) => a.status).join(', ')}; backend hits ${hits.length}`,
    );
    for (const answer of shoppers) expect(answer.status).toBe(200);
    // Nothing was short-circuited: the griefer's calls and the shoppers' all reached the backend.
    expect(hits).toHaveLength(23);
  });
});
