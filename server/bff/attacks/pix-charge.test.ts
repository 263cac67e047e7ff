// The Pix charge's calls through the real BFF in front of the real sandbox: a shopper finishing with
// Pix reads the charge and sees the provider's 'paid' notification on the next read; then what an
// abusive client can do to them. The page polls the charge every second while it is pending, so one
// client hammering the read is met by the guard's per-client share (a 503 with Retry-After, never
// another 5xx) while other shoppers are served; a storm of 'Gerar novo Pix' or 'Enviar código Pix'
// from one tab meets the per-tab 'pixCharges' limit (429) and never reaches the backend past it;
// methods the calls do not declare are a 405 and a body on the read a 400. (The table-driven suites,
// method-confusion, every-row-bodies and envelope-fuzz, take the three rows too.)
import {
  startRecordingUpstream,
  startTestBff,
  startTestSandbox,
  type TestSandbox,
} from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderState, PaymentMethod, PaymentStatus, pixChargeSchema } from '../../sandbox/contract.ts';
import {
  type Answer,
  call,
  cleanupList,
  expectEnvelope,
  freshSession,
  openTab,
  say,
  sleep,
  type Tab,
} from './kit.ts';

const PIX_LIMIT = 3;
const cleanups = cleanupList();
let sandbox: TestSandbox;
let url = '';

beforeAll(async () => {
  sandbox = await startTestSandbox();
  cleanups.add(() => sandbox.close());
  const bff = await startTestBff({
    upstreamUrl: sandbox.url,
    env: {
      SANDBOX_ROUTES: 'true',
      RATE_LIMIT_PIX_CHARGES_PER_MIN: String(PIX_LIMIT),
      MAX_UPSTREAM_IN_FLIGHT: '64',
      MAX_UPSTREAM_IN_FLIGHT_PER_CLIENT: '4',
    },
  });
  cleanups.add(() => bff.stop());
  url = bff.url;
});
afterAll(() => cleanups.run());

const json = (tab: Tab) => ({ ...tab, 'content-type': 'application/json' });
const dataOf = (answer: Answer) => (answer.json as { data: unknown }).data;

/** A fresh copy of demo-pix (pick-up chosen) opened in a tab and finished with Pix, through the BFF. */
async function shopperFinishedWithPix(localAddress?: string): Promise<Tab> {
  const tab = await openTab(url, await freshSession(url, 'demo-pix'));
  const confirmed = await call(url, '/api/order/confirm', {
    method: 'POST',
    headers: json(tab),
    localAddress,
    body: JSON.stringify({
      name: 'Camila Duarte',
      email: 'camila.duarte@exemplo.com.br',
      document: '529.982.247-25',
      isCorporate: false,
      paymentMethod: PaymentMethod.Pix,
    }),
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return tab;
}

const readCharge = (tab: Tab, localAddress?: string) =>
  call(url, '/api/order/pix/charge', { headers: tab, localAddress });

describe('the Pix charge through the BFF', () => {
  it("a shopper finishing with Pix reads the charge, and sees the provider's 'paid' notification on the next read", async () => {
    const tab = await shopperFinishedWithPix();
    const pending = pixChargeSchema.parse(dataOf(await readCharge(tab)));
    expect(pending.status).toBe('pending');
    const order = dataOf(await call(url, '/api/order/current', { headers: tab })) as {
      totalAmout: number;
      pixCharge?: unknown;
    };
    expect(pixChargeSchema.parse(order.pixCharge).txid).toBe(pending.txid);
    expect(pending.amount).toBe(order.totalAmout);

    // The provider's notification: a sandbox-only call, let through with SANDBOX_ROUTES.
    const paid = await call(url, '/api/sandbox/pix/paid', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ txid: pending.txid }),
    });
    expect(paid.status, paid.text).toBe(200);

    const read = pixChargeSchema.parse(dataOf(await readCharge(tab)));
    expect(read).toMatchObject({ txid: pending.txid, status: 'paid' });
    const after = dataOf(await call(url, '/api/order/current', { headers: tab })) as {
      status: number;
      payment: { status: number };
    };
    expect(after.status).toBe(OrderState.Received);
    expect(after.payment.status).toBe(PaymentStatus.Paid);
  });

  it("one client polling the charge 200 times, 16 at once: each answer is the charge or the guard's 503 with Retry-After, never another 5xx; a shopper elsewhere is served meanwhile", {
    timeout: 30_000,
  }, async () => {
    const poller = await shopperFinishedWithPix('127.0.0.5');
    const shopper = await shopperFinishedWithPix('127.0.0.6');
    const answers: Answer[] = [];
    const beside: Answer[] = [];
    let next = 0;
    const worker = async () => {
      while (next < 200) {
        next++;
        answers.push(await readCharge(poller, '127.0.0.5'));
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    for (let i = 0; i < 5; i++) beside.push(await readCharge(shopper, '127.0.0.6'));
    await Promise.all(workers);
    const counts = new Map<number, number>();
    for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
    say(`pix polling: 200 reads from one client, 16 at once → ${JSON.stringify(Object.fromEntries(counts))}`);
    expect([...counts.keys()].every((status) => status === 200 || status === 503)).toBe(true);
    expect(counts.get(200) ?? 0).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expectEnvelope(answer, 503, 'over its share');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    for (const answer of answers.filter((a) => a.status === 200)) {
      expect(pixChargeSchema.parse(dataOf(answer)).status).toBe('pending');
    }
    for (const answer of beside) expect(answer.status, answer.text).toBe(200);
  });

  it(`a storm of 'Gerar novo Pix' and 'Enviar código Pix' from one tab: ${PIX_LIMIT} a minute reach the backend, then 429 with Retry-After; the charge stays the one; another tab is not held back`, async () => {
    const tab = await shopperFinishedWithPix();
    const other = await shopperFinishedWithPix();
    const { txid } = pixChargeSchema.parse(dataOf(await readCharge(tab)));
    const storm: Answer[] = [];
    for (let i = 0; i < 10; i++) {
      const path = i % 2 === 0 ? '/api/order/pix/charge' : '/api/order/pix/charge/send';
      storm.push(await call(url, path, { method: 'POST', headers: tab }));
    }
    const reached = storm.slice(0, PIX_LIMIT);
    // The backend's own refusals: the code can still be paid; only the operator sends to the chat.
    for (const answer of reached) expectEnvelope(answer, [409, 403], 'reached the backend');
    for (const answer of storm.slice(PIX_LIMIT)) {
      const body = expectEnvelope(answer, 429, 'limited');
      expect(body.errors[0]?.message).toBe('Muitas tentativas. Aguarde um instante e tente novamente.');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Nothing past the limit reached the backend: the order still has its one charge.
    const charges = sandbox.db
      .prepare<[string], { n: number }>(
        'SELECT COUNT(*) AS n FROM pix_charges WHERE order_id = (SELECT order_id FROM pix_charges WHERE txid = ?)',
      )
      .get(txid);
    expect(charges?.n).toBe(1);
    expect(pixChargeSchema.parse(dataOf(await readCharge(tab))).txid).toBe(txid);
    // The read is not limited, and another tab's renew still reaches the backend.
    expectEnvelope(
      await call(url, '/api/order/pix/charge', { method: 'POST', headers: other }),
      409,
      'other tab',
    );
  });

  it('methods the calls do not declare are a 405 naming what they allow; a body on the read is a 400; none reaches the backend', async () => {
    const tab = await shopperFinishedWithPix();
    const before = (sandbox.db.prepare('SELECT COUNT(*) AS n FROM pix_charges').get() as { n: number }).n;
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const answer = await call(url, '/api/order/pix/charge', { method, headers: tab });
      expectEnvelope(answer, 405, `${method} charge`);
      expect(String(answer.headers.allow)).toMatch(/GET.*POST|POST.*GET/);
    }
    const getSend = await call(url, '/api/order/pix/charge/send', { headers: tab });
    expectEnvelope(getSend, 405, 'GET send');
    expect(String(getSend.headers.allow)).toBe('POST');
    const withBody = await call(url, '/api/order/pix/charge', {
      headers: json(tab),
      body: JSON.stringify({ txid: 'x' }),
    });
    expectEnvelope(withBody, 400, 'GET with a body');
    const after = (sandbox.db.prepare('SELECT COUNT(*) AS n FROM pix_charges').get() as { n: number }).n;
    expect(after).toBe(before);
  });

  it('while the backend answers the read slowly, one client polling 16 at once gets its share of 4 in flight and the 503 for the rest; another client read is still admitted and answered', {
    timeout: 20_000,
  }, async () => {
    const charge = {
      txid: 'SANDBOXPIXTXID0000000000A',
      brCode: '000201',
      amount: 10,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      status: 'pending',
    };
    const upstream = await startRecordingUpstream((req) => ({
      body: { success: true, data: charge, errors: [] },
      delayMs: req.url?.startsWith('/api/order/pix/charge') ? 1_000 : 0,
    }));
    cleanups.add(() => upstream.close());
    const bff = await startTestBff({
      upstreamUrl: upstream.url,
      env: {
        MAX_UPSTREAM_IN_FLIGHT: '64',
        MAX_UPSTREAM_IN_FLIGHT_PER_CLIENT: '4',
        BREAKER_MIN_CALLS: '100000',
      },
    });
    cleanups.add(() => bff.stop());
    const tab = { authorization: 'Bearer sessao-de-teste-pix' };
    const polls = Array.from({ length: 16 }, () =>
      call(bff.url, '/api/order/pix/charge', { headers: tab, localAddress: '127.0.0.7' }),
    );
    await sleep(200);
    const elsewhere = await call(bff.url, '/api/order/pix/charge', {
      headers: tab,
      localAddress: '127.0.0.8',
    });
    const answers = await Promise.all(polls);
    const admitted = answers.filter((answer) => answer.status === 200).length;
    say(
      `pix polling, slow backend: 16 at once from one client → ${admitted} admitted; elsewhere ${elsewhere.status}`,
    );
    expect(admitted).toBe(4);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expectEnvelope(answer, 503, 'over its share');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(elsewhere.status).toBe(200);
  });
});
