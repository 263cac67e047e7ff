// The total the shopper saw (decision 0022), through the real BFF in front of a fresh sandbox: the
// confirm, the agent's confirm, the card payment and the Mercado Pago payment commit at the total the
// screen showed, or are refused with 409 and the current total, having changed and charged nothing.
// Without `expectedTotal` every call behaves as before; a malformed one is a Portuguese 400.

import { openSessionCall, startTestBff, startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_HANDLE_HEADER } from '@/contract/session.ts';
import {
  OrderState,
  PaymentMethod,
  PaymentProviderType,
  TOTAL_CHANGED_ERROR_TYPE,
  TOTAL_CHANGED_MESSAGE,
} from '../contract.ts';
import { expectPortuguese } from '../testing/answers.ts';
import { approvedCardPayload, currentOrderId, OPERATOR, SHOPPER } from '../testing/fixtures.ts';

let sandbox: TestSandbox;
let bff: Awaited<ReturnType<typeof startTestBff>>;
beforeEach(async () => {
  sandbox = await startTestSandbox();
  bff = await startTestBff({ upstreamUrl: sandbox.url });
});
afterEach(async () => {
  await bff.stop();
  await sandbox.close();
});

type Envelope = {
  success: boolean;
  data: Record<string, unknown> | null;
  errors: { message: string; code: number; type: string; status: number; field?: string }[];
};
type Reply = { status: number; body: Envelope };

/** A browser tab on the chat link `code`, talking to the BFF as the SPA does. */
async function openTab(code: string) {
  const opened = await openSessionCall(bff.url, code);
  expect(opened.status).toBe(200);
  const headers = {
    [SESSION_HANDLE_HEADER]: opened.headers.get(SESSION_HANDLE_HEADER) ?? '',
    cookie: opened.headers.getSetCookie()[0]?.split(';')[0] ?? '',
  };
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> => {
    const response = await fetch(`${bff.url}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope };
  };
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown) => send('POST', path, body),
    order: async () => (await send('GET', '/api/order/current')).body.data as Record<string, unknown>,
  };
}
type Tab = Awaited<ReturnType<typeof openTab>>;

/** The answer the screen gets when the order's total is no longer the one it showed. */
function expectTotalChanged(reply: Reply, currentTotal: number) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(409);
  expect(reply.body).toEqual({
    success: false,
    data: { totalAmout: currentTotal },
    errors: [{ message: TOTAL_CHANGED_MESSAGE, code: 409, type: TOTAL_CHANGED_ERROR_TYPE, status: 409 }],
  });
}

function expectBadRequest(reply: Reply) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body.success).toBe(false);
  const message = reply.body.errors[0]?.message ?? '';
  expectPortuguese(message);
  expect(message).not.toContain('expectedTotal');
}

const attempts = (code: string) =>
  sandbox.db
    .prepare('SELECT amount_cents, status FROM payment_attempts WHERE order_id = ?')
    .all(currentOrderId(sandbox.db, code));

/** demo-shopper's cart shows R$ 60,88; another tab adds a second rice (R$ 27,90): R$ 88,78. */
async function anotherTabAddsRice(): Promise<number> {
  const other = await openTab(SHOPPER);
  const answer = await other.post('/api/order/items/', { providerId: '1001', quantity: 1 });
  expect(answer.status).toBe(200);
  return (await other.order()).totalAmout as number;
}

const contact = {
  name: 'Carlos Eduardo Lima',
  email: 'carlos.lima@exemplo.com.br',
  document: '111.444.777-35',
  isCorporate: false,
};

/** The operator's order, ready to confirm: 2 rices (R$ 55,80) picked up for free. */
async function readyOperatorOrder(tab: Tab) {
  expect((await tab.post('/api/order/items/', { providerId: '1001', quantity: 2 })).status).toBe(200);
  const logistic = await tab.post('/api/order/logistic/', { providerId: 'retirada-pinheiros', type: 0 });
  expect(logistic.status).toBe(200);
  expect((await tab.order()).totalAmout).toBe(55.8);
}

const card = (extra: Record<string, unknown> = {}) => ({
  ...approvedCardPayload({ providerId: 'cartao-loja', installments: 3 }),
  ...extra,
});

function useMercadoPago() {
  sandbox.db.exec(
    `UPDATE shops SET rules = json_set(rules, '$.payment.providerType', ${PaymentProviderType.MercadoPago})`,
  );
}
const brick = (extra: Record<string, unknown> = {}) => ({
  token: 'APRO-0a1b2c',
  payment_method_id: 'visa',
  issuer_id: '25',
  installments: 1,
  payer: { email: 'mariana.oliveira@exemplo.com.br', identification: { type: 'CPF', number: '52998224725' } },
  ...extra,
});

describe('GET /api/order/confirm?expectedTotal=', () => {
  it('confirms the cart at the R$ 60,88 the screen showed', async () => {
    const tab = await openTab(SHOPPER);
    const reply = await tab.get('/api/order/confirm?expectedTotal=60.88');
    expect(reply.status).toBe(200);
    expect((await tab.order()).status).toBe(OrderState.Received);
  });

  it('refuses R$ 60,88 once another tab made it R$ 88,78: 409 with the new total, the order still open', async () => {
    const tab = await openTab(SHOPPER);
    expect(await anotherTabAddsRice()).toBe(88.78);
    expectTotalChanged(await tab.get('/api/order/confirm?expectedTotal=60.88'), 88.78);
    expect((await tab.order()).status).toBe(OrderState.Creating);
    // Asked again at the total now on screen, it confirms.
    expect((await tab.get('/api/order/confirm?expectedTotal=88.78')).status).toBe(200);
  });

  it('without the total confirms whatever the order holds, as before', async () => {
    const tab = await openTab(SHOPPER);
    await anotherTabAddsRice();
    expect((await tab.get('/api/order/confirm')).status).toBe(200);
    expect((await tab.order()).status).toBe(OrderState.Received);
  });

  it.each([
    ['a negative total', 'expectedTotal=-60.88'],
    ['a text', 'expectedTotal=abc'],
    ['NaN', 'expectedTotal=NaN'],
    ['Infinity', 'expectedTotal=Infinity'],
    ['an exponent', 'expectedTotal=1e3'],
    ['a comma', 'expectedTotal=60,88'],
    ['three decimals', 'expectedTotal=60.881'],
    ['a huge number', 'expectedTotal=999999999999'],
    ['an empty value', 'expectedTotal='],
    ['the total twice', 'expectedTotal=1&expectedTotal=2'],
    ['a bracketed array', 'expectedTotal[]=60.88'],
    ['an unknown parameter', 'expectedTotal=60.88&confirmar=1'],
  ])('answers %s with a Portuguese 400 and leaves the order open', async (_case, query) => {
    const tab = await openTab(SHOPPER);
    expectBadRequest(await tab.get(`/api/order/confirm?${query}`));
    expect((await tab.order()).status).toBe(OrderState.Creating);
  });
});

describe('POST /api/order/confirm with expectedTotal (agent and checkout finish)', () => {
  it('confirms at the R$ 55,80 the form showed, and refuses another total with the current one', async () => {
    const tab = await openTab(OPERATOR);
    await readyOperatorOrder(tab);
    const confirm = { ...contact, paymentMethod: PaymentMethod.CreditCard };
    expectTotalChanged(await tab.post('/api/order/confirm', { ...confirm, expectedTotal: 70.78 }), 55.8);
    const refused = await tab.order();
    expect(refused.status).toBe(OrderState.Creating);
    expect(refused.payment).toBeNull();
    expect((await tab.post('/api/order/confirm', { ...confirm, expectedTotal: 55.8 })).status).toBe(200);
    expect((await tab.order()).status).toBe(OrderState.Received);
  });

  it('refuses a changed total before any other problem, and saves nothing of the form', async () => {
    const tab = await openTab(OPERATOR);
    await readyOperatorOrder(tab);
    const reply = await tab.post('/api/order/confirm', { name: 'Outro Nome', expectedTotal: 1 });
    expectTotalChanged(reply, 55.8);
    expect(((await tab.order()).customer as { name?: string } | null)?.name).not.toBe('Outro Nome');
  });

  it('without the total confirms as before', async () => {
    const tab = await openTab(OPERATOR);
    await readyOperatorOrder(tab);
    const reply = await tab.post('/api/order/confirm', {
      ...contact,
      paymentMethod: PaymentMethod.CreditCard,
    });
    expect(reply.status).toBe(200);
  });

  it.each([
    ['a text "55.80"', '55.80'],
    ['a negative total', -55.8],
    ['"NaN"', 'NaN'],
    ['"1e3"', '1e3'],
    ['a huge number', 1e12],
    ['an array', [55.8]],
    ['an object', { value: 55.8 }],
    ['null', null],
    ['true', true],
  ])('answers %s with a Portuguese 400 under the field, and confirms nothing', async (_case, value) => {
    const tab = await openTab(OPERATOR);
    await readyOperatorOrder(tab);
    const reply = await tab.post('/api/order/confirm', {
      ...contact,
      paymentMethod: PaymentMethod.CreditCard,
      expectedTotal: value,
    });
    expectBadRequest(reply);
    expect(reply.body.errors[0]?.field).toBe('expectedTotal');
    expect((await tab.order()).status).toBe(OrderState.Creating);
  });

  it('answers a total beyond what JSON numbers hold (1e400) with a 400, never a 500', async () => {
    const tab = await openTab(OPERATOR);
    await readyOperatorOrder(tab);
    const body = JSON.stringify({ ...contact, paymentMethod: PaymentMethod.CreditCard }).replace(
      /}$/,
      ',"expectedTotal":1e400}',
    );
    expectBadRequest(await tab.post('/api/order/confirm', body));
  });
});

describe('POST /api/order/payment/credit with expectedTotal', () => {
  it('charges the card the R$ 60,88 the card page showed', async () => {
    const tab = await openTab(SHOPPER);
    const reply = await tab.post('/api/order/payment/credit', card({ expectedTotal: 60.88 }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(attempts(SHOPPER)).toEqual([{ amount_cents: 6088, status: 1 }]);
  });

  it('charges nothing once another tab made it R$ 88,78: 409 with the new total, no attempt recorded', async () => {
    const tab = await openTab(SHOPPER);
    await anotherTabAddsRice();
    expectTotalChanged(await tab.post('/api/order/payment/credit', card({ expectedTotal: 60.88 })), 88.78);
    expect(attempts(SHOPPER)).toEqual([]);
    const order = await tab.order();
    expect(order.status).toBe(OrderState.Creating);
    expect(order.payment).toBeNull();
  });

  it('without the total charges what the order holds, as before', async () => {
    const tab = await openTab(SHOPPER);
    await anotherTabAddsRice();
    expect((await tab.post('/api/order/payment/credit', card())).status).toBe(200);
    expect(attempts(SHOPPER)).toHaveLength(1);
  });

  it('takes 1e3 written as a number as R$ 1.000,00 (a mismatch), and refuses "1e3" as text', async () => {
    const tab = await openTab(SHOPPER);
    expectTotalChanged(await tab.post('/api/order/payment/credit', card({ expectedTotal: 1e3 })), 60.88);
    expectBadRequest(await tab.post('/api/order/payment/credit', card({ expectedTotal: '1e3' })));
    expect(attempts(SHOPPER)).toEqual([]);
  });

  it.each([
    ['a text "60.88"', '60.88'],
    ['a negative total', -60.88],
    ['"NaN"', 'NaN'],
    ['a huge number', 1e12],
    ['an array', [60.88]],
  ])('answers %s with a Portuguese 400 and charges nothing', async (_case, value) => {
    const tab = await openTab(SHOPPER);
    expectBadRequest(await tab.post('/api/order/payment/credit', card({ expectedTotal: value })));
    expect(attempts(SHOPPER)).toEqual([]);
  });
});

describe('POST /api/order/payment/mercadoPago with expectedTotal', () => {
  it('pays at the total seen, and refuses a changed total with 409 recording no attempt', async () => {
    useMercadoPago();
    const tab = await openTab(SHOPPER);
    await anotherTabAddsRice();
    expectTotalChanged(
      await tab.post('/api/order/payment/mercadoPago', brick({ expectedTotal: 60.88 })),
      88.78,
    );
    expect(attempts(SHOPPER)).toEqual([]);
    expect((await tab.order()).status).toBe(OrderState.Creating);
    const paid = await tab.post('/api/order/payment/mercadoPago', brick({ expectedTotal: 88.78 }));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(attempts(SHOPPER)).toEqual([{ amount_cents: 8878, status: 1 }]);
  });

  it('refuses a text total with a Portuguese 400', async () => {
    useMercadoPago();
    const tab = await openTab(SHOPPER);
    expectBadRequest(await tab.post('/api/order/payment/mercadoPago', brick({ expectedTotal: '60.88' })));
    expect(attempts(SHOPPER)).toEqual([]);
  });
});
