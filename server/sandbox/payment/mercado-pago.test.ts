// POST /api/order/payment/mercadoPago over real HTTP: only for orders paid through Mercado Pago; the
// token's leading test code (Mercado Pago's test holder names) decides the outcome.
import { type Answer, startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailureType, OrderState, PaymentProviderType, PaymentStatus } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { wholeDatabaseText } from '../testing/dump.ts';
import { currentOrderId, openTestSession } from '../testing/fixtures.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

// 1008 × 2 and 1001 × 1: R$ 60,88.
const CART = [
  { productId: '1008', quantity: 2 },
  { productId: '1001', quantity: 1 },
];
let sessions = 0;
const freshShopper = () => {
  sessions += 1;
  return openTestSession(sandbox.db, `teste-mp-${sessions}`, { items: CART });
};

const brick = (token: string, extra: Record<string, unknown> = {}) => ({
  token,
  payment_method_id: 'visa',
  issuer_id: '25',
  installments: 1,
  transaction_amount: 60.88,
  payer: { email: 'mariana.oliveira@exemplo.com.br', identification: { type: 'CPF', number: '52998224725' } },
  ...extra,
});
const pay = (session: string, body: unknown) =>
  sandbox.post('/api/order/payment/mercadoPago', body, { session });

function useMercadoPago(on: boolean) {
  sandbox.db.exec(
    `UPDATE shops SET rules = json_set(rules, '$.payment.providerType', ${on ? PaymentProviderType.MercadoPago : PaymentProviderType.ShopProvider})`,
  );
}

function expectDeclined(answer: Answer, failureType: FailureType, message: string) {
  expect(answer.status, answer.text).toBe(402);
  expect(answer.body).toEqual({
    success: false,
    data: { status: PaymentStatus.Failed, failureType, recaptchaKey: null },
    errors: [{ message, code: 402, type: 'payment', status: 402 }],
  });
}

describe('POST /api/order/payment/mercadoPago in a shop that charges on its own card page', () => {
  it('is refused (409) and records nothing', async () => {
    const session = freshShopper();
    expect(expectRefusal(await pay(session, brick('APRO-1')), 409).message).toBe(
      'Esta loja não recebe pagamentos pelo Mercado Pago.',
    );
    expect(sandbox.db.prepare('SELECT COUNT(*) AS n FROM payment_attempts').get()).toEqual({ n: 0 });
  });
});

describe('POST /api/order/payment/mercadoPago in a Mercado Pago shop', () => {
  beforeAll(() => useMercadoPago(true));
  afterAll(() => useMercadoPago(false));

  it('APRO (and any other token) is approved: payment Paid by Mercado Pago, order Received', async () => {
    const session = freshShopper();
    expect(
      expectData('payWithMercadoPago', await pay(session, brick('APRO-0a1b2c', { installments: 3 }))),
    ).toEqual({
      status: PaymentStatus.Paid,
      failureType: null,
      recaptchaKey: null,
    });
    const order = expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session }));
    expect(order.status).toBe(OrderState.Received);
    expect(order.payment).toMatchObject({
      providerType: PaymentProviderType.MercadoPago,
      status: PaymentStatus.Paid,
      providerId: 'mercadopago',
      installments: 3,
      link: null,
    });
    const attempts = sandbox.db
      .prepare(
        'SELECT provider_id, card_last4, installments, amount_cents, status FROM payment_attempts WHERE order_id = ?',
      )
      .all(currentOrderId(sandbox.db, session));
    expect(attempts).toEqual([
      {
        provider_id: 'mercadopago',
        card_last4: null,
        installments: 3,
        amount_cents: 6088,
        status: PaymentStatus.Paid,
      },
    ]);
    expectData('payWithMercadoPago', await pay(freshShopper(), brick('9f8e7d6c5b4a39281706f5e4d3c2b1a0')));
  });

  const declines: [string, FailureType, string][] = [
    ['FUND', FailureType.LimitExceeded, 'Limite de compras do cartão insuficiente'],
    ['SECU', FailureType.InvalidData, 'Os dados do cartão são inválidos'],
    ['EXPI', FailureType.InvalidData, 'Os dados do cartão são inválidos'],
    ['FORM', FailureType.InvalidData, 'Os dados do cartão são inválidos'],
    ['OTHE', FailureType.Unknown, 'Aconteceu um erro com seu pagamento'],
    ['call', FailureType.Unknown, 'Aconteceu um erro com seu pagamento'],
  ];
  for (const [code, failureType, message] of declines) {
    it(`${code} is declined with 402: ${message}`, async () => {
      const session = freshShopper();
      expectDeclined(await pay(session, brick(`${code}-123`)), failureType, message);
      const order = expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session }));
      expect(order.payment).toMatchObject({ status: PaymentStatus.Failed, failureType });
      expect(order.status).toBe(OrderState.Creating);
    });
  }

  it('refuses a brand not accepted, too many installments, bad payer document (400) and a wrong amount (409)', async () => {
    const session = freshShopper();
    expectRefusal(await pay(session, brick('APRO', { payment_method_id: 'diners' })), 400);
    expectRefusal(await pay(session, brick('APRO', { installments: 13 })), 400);
    expectRefusal(
      await pay(
        session,
        brick('APRO', { payer: { identification: { type: 'CPF', number: '12345678900' } } }),
      ),
      400,
    );
    expect(expectRefusal(await pay(session, brick('APRO', { transaction_amount: 1 })), 409).message).toBe(
      'O valor do pagamento não confere com o total do pedido.',
    );
    expectRefusal(await pay(session, brick('APRO', { cardNumber: '4111111111111111' })), 400);
    expectRefusal(await pay(session, { token: '' }), 400);
    expect(
      sandbox.db
        .prepare('SELECT COUNT(*) AS n FROM payment_attempts WHERE order_id = ?')
        .get(currentOrderId(sandbox.db, session)),
    ).toEqual({ n: 0 });
  });

  it('refuses an empty order (400), a paid one (409), no session (401); the card page is refused here (409)', async () => {
    expectRefusal(await pay('anonymous-session', brick('APRO')), 400);
    const session = freshShopper();
    expectData('payWithMercadoPago', await pay(session, brick('APRO')));
    expectRefusal(await pay(session, brick('APRO')), 409);
    expectRefusal(await sandbox.post('/api/order/payment/mercadoPago', brick('APRO')), 401);
    const other = freshShopper();
    const card = await sandbox.post(
      '/api/order/payment/credit/installments',
      { providerId: 'cartao-loja', installments: 1 },
      { session: other },
    );
    expect(expectRefusal(card, 409).message).toBe('Este pedido é pago pelo formulário do Mercado Pago.');
  });

  it('keeps no token in the database', () => {
    expect(wholeDatabaseText(sandbox.db)).not.toContain('APRO-0a1b2c');
    expect(wholeDatabaseText(sandbox.db)).not.toContain('9f8e7d6c5b4a39281706f5e4d3c2b1a0');
  });
});
