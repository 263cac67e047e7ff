// Rate limits shared through Redis (REDIS_URL): two real BFF processes (tests/bff-process.ts)
// in front of one real sandbox share one real redis-server (tests/redis-server.ts, with a password),
// and a shopper's client alternates between them. Then Redis dies, hangs and comes back: browsing,
// coupons and session opens go on (fail open), card payments are refused at once with a 503 (fail
// closed), and the shared limit holds again once Redis is back. Without REDIS_URL the limits stay in
// each BFF's memory. Timings are printed.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import { type RedisServer, startRedisServer } from '../../tests/redis-server.ts';
import {
  openSessionCall,
  startTestBff,
  startTestSandbox,
  type TestSandbox,
} from '../../tests/server-harness.ts';
import { type BffProcess, spawnBffProcess } from '../../tests/spawn-bff-process.ts';
import { approvedCardPayload } from '../sandbox/testing/fixtures.ts';
import { loadConfig } from './config.ts';

/** Card payments per minute per tab; coupons per minute per tab. */
const CARD_LIMIT = 4;
const COUPON_LIMIT = 2;
/** Public product reads per minute per IP (the share links' pages, pictures and the public call). */
const PUBLIC_READS_LIMIT = 3;
const REDIS_PASSWORD = 'senha-do-redis-de-teste';

let redis: RedisServer;
let sandbox: TestSandbox;
let bffs: BffProcess[] = [];

const env = () => ({
  COMMERCE_API_URL: sandbox.url,
  SANDBOX_ROUTES: 'true',
  REDIS_URL: redis.url,
  RATE_LIMIT_CARD_PAYMENTS_PER_MIN: String(CARD_LIMIT),
  RATE_LIMIT_COUPONS_PER_MIN: String(COUPON_LIMIT),
  RATE_LIMIT_PUBLIC_READS_PER_MIN: String(PUBLIC_READS_LIMIT),
});

beforeAll(async () => {
  redis = await startRedisServer({ password: REDIS_PASSWORD });
  sandbox = await startTestSandbox();
  bffs = await Promise.all([0, 1].map(() => spawnBffProcess(env(), 30_000)));
  // Each BFF connects in the background once it listens: both connected, the tests begin.
  await redis.waitForClients(2);
}, 40_000);

afterAll(async () => {
  for (const bff of bffs) bff.kill();
  await sandbox?.close();
  await redis?.close();
});

const log = (line: string) => process.stdout.write(`  [rate-limits-redis] ${line}\n`);

type Tab = Record<string, string>;
type Answer = {
  status: number;
  headers: Headers;
  body: { success?: boolean; errors?: { message?: string }[] };
  ms: number;
};

async function call(url: string, init?: RequestInit): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {}, ms };
}

/** A fresh copy of demo-shopper's session, opened as a tab on `bffUrl` (its cookie and handle). */
async function newTab(bffUrl: string): Promise<Tab> {
  const copy = await fetch(`${bffUrl}/api/sandbox/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: 'demo-shopper' }),
  });
  expect(copy.status).toBe(201);
  const { code } = (await copy.json()).data as { code: string };
  const opened = await openSessionCall(bffUrl, code);
  expect(opened.status).toBe(200);
  await opened.arrayBuffer();
  return {
    [SESSION_HANDLE_HEADER]: opened.headers.get(SESSION_HANDLE_HEADER) ?? '',
    cookie: opened.headers.getSetCookie()[0]?.split(';')[0] ?? '',
  };
}

/** A card the sandbox declines (402): the order stays payable, so every try reaches the gateway. */
const declinedCard = {
  ...approvedCardPayload({ providerId: 'cartao-loja', installments: 1 }),
  number: '4000000000009995',
  name: 'TITULAR LIMITE COMPARTILHADO',
  securityCode: '739',
};

const payByCard = (bffUrl: string, tab: Tab) =>
  call(`${bffUrl}/api/order/payment/credit`, {
    method: 'POST',
    headers: { ...tab, 'content-type': 'application/json' },
    body: JSON.stringify(declinedCard),
  });

const applyCoupon = (bffUrl: string, tab: Tab) =>
  call(`${bffUrl}/api/order/coupon/?coupon=BEMVINDO10`, { method: 'POST', headers: tab });

function expectLimited(answer: Answer) {
  expect(answer.status).toBe(429);
  expect(answer.body.errors?.[0]?.message).toBe('Muitas tentativas. Aguarde um instante e tente novamente.');
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(answer.headers.get('ratelimit')).toMatch(/limit=\d+, remaining=0, reset=\d+/);
}

function expectPaymentsUnavailable(answer: Answer) {
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual({
    success: false,
    data: null,
    errors: [
      {
        message: 'Não foi possível processar pagamentos agora. Tente novamente em instantes.',
        code: 503,
        type: 'payments_unavailable',
        status: 503,
      },
    ],
  });
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(answer.ms).toBeLessThan(1_000);
}

/**
 * CARD_LIMIT card payments of a new tab, alternating between the BFFs, all reach the gateway (402);
 * the next one is 429 at either BFF.
 */
async function expectCardLimit(urls: string[]) {
  const tab = await newTab(urls[0] as string);
  for (let i = 0; i < CARD_LIMIT; i++) {
    const answer = await payByCard(urls[i % urls.length] as string, tab);
    expect(answer.status, `card payment ${i + 1} of ${CARD_LIMIT}`).toBe(402);
  }
  for (const url of urls) expectLimited(await payByCard(url, tab));
}

/** Until every BFF decides card payments through Redis again (a throw-away tab's tries). */
async function waitUntilPaymentsDecided(urls: string[]) {
  const started = performance.now();
  const probe = await newTab(urls[0] as string);
  for (const url of urls) {
    while ((await payByCard(url, probe)).status === 503) {
      expect(performance.now() - started, 'card payments decided again').toBeLessThan(10_000);
      await sleep(100);
    }
  }
  return Math.round(performance.now() - started);
}

describe('two BFF processes sharing one Redis', () => {
  const urls = () => bffs.map((bff) => bff.url);

  it(`let a tab make exactly ${CARD_LIMIT} card payments across both; the next is 429 whichever BFF it reaches`, async () => {
    const started = performance.now();
    await expectCardLimit(urls());
    // Another tab has its own budget, on both.
    const other = await newTab(urls()[1] as string);
    for (const url of urls()) expect((await payByCard(url, other)).status).toBe(402);
    log(`shared card-payment limit over 2 BFFs: ${Math.round(performance.now() - started)} ms`);
  });

  it(`let exactly ${CARD_LIMIT} of ${CARD_LIMIT * 3} card payments sent at once to both BFFs through`, async () => {
    const tab = await newTab(urls()[0] as string);
    const answers = await Promise.all(
      Array.from({ length: CARD_LIMIT * 3 }, (_, i) => payByCard(urls()[i % 2] as string, tab)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 402)).toHaveLength(CARD_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(CARD_LIMIT * 2);
    log(`burst of ${answers.length}: slowest answer ${Math.max(...answers.map((a) => a.ms))} ms`);
  });

  it(`let one client make exactly ${PUBLIC_READS_LIMIT} public product reads across both; the next is 429 whichever BFF it reaches`, async () => {
    const read = async (url: string) =>
      (await fetch(`${url}/api/public/shops/emporio-bom-preco/products/1001`)).status;
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_READS_LIMIT + 2; i++) statuses.push(await read(urls()[i % 2] as string));
    expect(statuses).toEqual([...Array.from({ length: PUBLIC_READS_LIMIT }, () => 200), 429, 429]);
  });

  it('with Redis killed: browsing, session opens and coupons go on, card payments are refused at once with 503; once Redis is back the shared limit holds again', async () => {
    const tab = await newTab(urls()[0] as string);
    await redis.kill();
    const killedAt = performance.now();

    // Browsing: every catalogue and order call answers, on both BFFs.
    for (const url of urls()) {
      for (const path of [
        '/api/catalog/categories?perPage=50',
        '/api/catalog/top?pageNumber=0&perPage=10',
        '/api/order/current',
      ]) {
        const answer = await call(`${url}${path}`, { headers: tab });
        expect(answer.status, `${path} while Redis is down`).toBe(200);
        expect(answer.body.success).toBe(true);
      }
    }
    // A shopper opening their chat link gets their tab.
    const opened = await newTab(urls()[1] as string);
    expect(opened[SESSION_HANDLE_HEADER]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Coupons fail open: more than the limit, none refused by the BFF.
    const coupons: Answer[] = [];
    for (let i = 0; i < COUPON_LIMIT + 2; i++) coupons.push(await applyCoupon(urls()[i % 2] as string, tab));
    expect(coupons.map((answer) => answer.status)).toEqual(coupons.map(() => 200));
    // Card payments fail closed, at once, on both.
    const refused: number[] = [];
    for (const url of urls()) {
      const answer = await payByCard(url, tab);
      expectPaymentsUnavailable(answer);
      refused.push(answer.ms);
    }
    log(
      `Redis down: card payments refused in ${refused.join(', ')} ms; coupons in ${coupons.map((a) => a.ms).join(', ')} ms`,
    );

    await redis.start();
    const decidedIn = await waitUntilPaymentsDecided(urls());
    log(
      `Redis down ${Math.round(performance.now() - killedAt)} ms; both BFFs decided again ${decidedIn} ms after its restart`,
    );
    await expectCardLimit(urls());
  }, 30_000);

  it('with Redis hung (answering nothing): card payments get the 503 and coupons pass, each within a second', async () => {
    const tab = await newTab(urls()[0] as string);
    redis.pause();
    try {
      const payment = await payByCard(urls()[0] as string, tab);
      expectPaymentsUnavailable(payment);
      const coupon = await applyCoupon(urls()[1] as string, tab);
      expect(coupon.status).toBe(200);
      expect(coupon.ms).toBeLessThan(1_000);
      log(`Redis hung: card payment refused in ${payment.ms} ms, coupon applied in ${coupon.ms} ms`);
    } finally {
      redis.resume();
    }
    await waitUntilPaymentsDecided(urls());
    await expectCardLimit(urls());
  }, 30_000);
});

describe('one BFF and Redis', () => {
  it("starts and serves while Redis is down, decides card payments once it is up, and logs 'redis unreachable' and 'redis back' once each, never the password", async () => {
    await redis.kill();
    const bff = await startTestBff({ upstreamUrl: sandbox.url, env: { ...env(), LOG_LEVEL: 'info' } });
    try {
      const tab = await newTab(bff.url);
      expect(
        (await call(`${bff.url}/api/catalog/top?pageNumber=0&perPage=10`, { headers: tab })).status,
      ).toBe(200);
      expectPaymentsUnavailable(await payByCard(bff.url, tab));

      await redis.start();
      const decidedIn = await waitUntilPaymentsDecided([bff.url]);
      log(`BFF started without Redis: card payments decided ${decidedIn} ms after Redis started`);
      await expectCardLimit([bff.url]);

      const lines = bff.logs.lines.map((line) => JSON.parse(line) as { msg?: string; level: number });
      expect(lines.filter((line) => line.msg === 'redis unreachable')).toHaveLength(1);
      expect(lines.filter((line) => line.msg === 'redis back')).toHaveLength(1);
      expect(bff.logs.text).toContain(`"redis":"redis://127.0.0.1:${redis.port}"`);
      expect(bff.logs.text).not.toContain(REDIS_PASSWORD);
    } finally {
      await bff.stop();
    }
  }, 30_000);
});

describe('without REDIS_URL', () => {
  it(`each BFF limits card payments in its own memory: ${CARD_LIMIT} pass, the next is 429`, async () => {
    const { REDIS_URL: _shared, ...alone } = env();
    const bff = await startTestBff({ upstreamUrl: sandbox.url, env: alone });
    try {
      await expectCardLimit([bff.url]);
      expect(bff.logs.text).not.toContain('redis');
    } finally {
      await bff.stop();
    }
  });
});

describe('REDIS_URL', () => {
  it('takes a redis:// or rediss:// address, and refuses anything else without repeating it', () => {
    const base = { COMMERCE_API_URL: 'http://127.0.0.1:9' };
    expect(loadConfig(base).redisUrl).toBeUndefined();
    expect(loadConfig({ ...base, REDIS_URL: '' }).redisUrl).toBeUndefined();
    for (const url of ['redis://127.0.0.1:6379', 'rediss://:s3nh4@redis.example.com:6380/2']) {
      expect(loadConfig({ ...base, REDIS_URL: url }).redisUrl).toBe(url);
    }
    for (const bad of ['http://:s3nh4@redis.example.com', 'redis.example.com:6379', 'redis//x']) {
      expect(() => loadConfig({ ...base, REDIS_URL: bad })).toThrow(
        /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ address/,
      );
      expect(() => loadConfig({ ...base, REDIS_URL: bad })).not.toThrow(/s3nh4|redis\.example/);
    }
  });
});
