// The card page's calls over real HTTP: card options, installments choice and the card payment with
// every test card, the captcha retry, expiry, and proof that no card data is stored or logged.
import { Writable } from 'node:stream';
import { type Answer, startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerSchemaOf } from '@/contract/index.ts';
import { FailureType, OrderState, PaymentMethod, PaymentProviderType, PaymentStatus } from '../contract.ts';
import { formatBrl } from '../rules/brl.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { wholeDatabaseText } from '../testing/dump.ts';
import { addItems, currentOrderId, openTestSession } from '../testing/fixtures.ts';
import { GOOGLE_TEST_RECAPTCHA_SITE_KEY } from './rules.ts';

let sandbox: TestSandbox;
const logLines: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  sandbox = await startTestSandbox({ logger: pino({ level: 'trace' }, sink) });
});
afterAll(() => sandbox.close());

const HOLDER_CPF = '935.411.347-80';
const FUTURE_YEAR = String(new Date().getUTCFullYear() + 3);

const card = (number: string, extra: Record<string, unknown> = {}) => ({
  providerId: 'cartao-loja',
  installments: 1,
  number,
  name: 'TITULAR DE TESTE',
  securityCode: '123',
  expiryMonth: '12',
  expiryYear: FUTURE_YEAR,
  document: HOLDER_CPF,
  zipCode: '01310-200',
  address: 'Avenida Paulista',
  addressNumber: '1578',
  complement: 'Apto 82',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  ...extra,
});

let sessions = 0;
/** A fresh contact session whose cart is 1008 × 2 and 1001 × 1 (R$ 60,88, as demo-shopper's). */
function freshShopper(
  items = [
    { productId: '1008', quantity: 2 },
    { productId: '1001', quantity: 1 },
  ],
): string {
  sessions += 1;
  return openTestSession(sandbox.db, `teste-cartao-${sessions}`, { items });
}

const pay = (session: string, body: unknown) => sandbox.post('/api/order/payment/credit', body, { session });
const order = async (session: string) =>
  expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session }));

type Declined = { success: boolean; data: Record<string, unknown>; errors: Record<string, unknown>[] };

function expectUnpaid(answer: Answer, httpStatus: number, data: Record<string, unknown>, message: string) {
  expect(answer.status, answer.text).toBe(httpStatus);
  expect(answerSchemaOf('payWithCard').safeParse(answer.body).success).toBe(true);
  const body = answer.body as Declined;
  expect(body).toEqual({
    success: false,
    data,
    errors: [{ message, code: httpStatus, type: 'payment', status: httpStatus }],
  });
}

function expectDeclined(
  answer: Answer,
  failureType: FailureType,
  message: string,
  recaptchaKey: string | null = null,
) {
  expectUnpaid(answer, 402, { status: PaymentStatus.Failed, failureType, recaptchaKey }, message);
}

function attempts(session: string) {
  return sandbox.db
    .prepare('SELECT * FROM payment_attempts WHERE order_id = ? ORDER BY id')
    .all(currentOrderId(sandbox.db, session)) as Record<string, unknown>[];
}

describe('GET /api/order/payment/credit', () => {
  it("offers demo-shopper's R$ 60,88 in 1x to 6x, interest-free up to 3x, exact cents, and the brands taken", async () => {
    expect((await order('demo-shopper')).totalAmout).toBe(60.88);
    const options = expectData(
      'listCardOptions',
      await sandbox.get('/api/order/payment/credit', { session: 'demo-shopper' }),
    );
    expect(options).toEqual([
      {
        providerId: 'cartao-loja',
        name: 'Cartão de crédito',
        installments: [
          { count: 1, value: 60.88, values: [60.88], total: 60.88, interestFree: true },
          { count: 2, value: 30.44, values: [30.44, 30.44], total: 60.88, interestFree: true },
          { count: 3, value: 20.3, values: [20.3, 20.29, 20.29], total: 60.88, interestFree: true },
          { count: 4, value: 15.99, values: Array(4).fill(15.99), total: 63.96, interestFree: false },
          { count: 5, value: 12.92, values: Array(5).fill(12.92), total: 64.6, interestFree: false },
          { count: 6, value: 10.87, values: Array(6).fill(10.87), total: 65.22, interestFree: false },
        ],
        brands: ['visa', 'mastercard', 'elo', 'american-express', 'hipercard'],
      },
    ]);
  });

  it('refuses an empty order, a call without session, and a shop without card payments', async () => {
    const empty = expectRefusal(
      await sandbox.get('/api/order/payment/credit', { session: 'anonymous-session' }),
      400,
    );
    expect(empty.message).toBe('O pedido não tem itens.');
    expectRefusal(await sandbox.get('/api/order/payment/credit'), 401);
    sandbox.db.exec(
      "UPDATE shops SET rules = json_set(rules, '$.payment.enableCreditPayment', json('false'))",
    );
    try {
      const off = expectRefusal(
        await sandbox.get('/api/order/payment/credit', { session: 'demo-shopper' }),
        409,
      );
      expect(off.message).toBe('Esta loja não aceita pagamento com cartão de crédito.');
    } finally {
      sandbox.db.exec(
        "UPDATE shops SET rules = json_set(rules, '$.payment.enableCreditPayment', json('true'))",
      );
    }
  });
});

describe('POST /api/order/payment/credit/installments', () => {
  it('starts a card payment, Waiting, with the provider and installments, and answers the order', async () => {
    const session = freshShopper();
    const answer = await sandbox.post(
      '/api/order/payment/credit/installments',
      { providerId: 'cartao-loja', installments: 4 },
      { session },
    );
    const data = expectData('setInstallments', answer);
    expect(data.payment).toMatchObject({
      method: PaymentMethod.CreditCard,
      providerType: PaymentProviderType.ShopProvider,
      link: null,
      status: PaymentStatus.Waiting,
      providerId: 'cartao-loja',
      installments: 4,
    });
    expect(data.status).toBe(OrderState.Creating);
  });

  it('refuses a count not offered, an unknown provider, and unknown fields', async () => {
    // R$ 55,80 in 6x would be R$ 9,96, below the R$ 10,00 minimum installment.
    const session = freshShopper([{ productId: '1001', quantity: 2 }]);
    const tooMany = expectRefusal(
      await sandbox.post(
        '/api/order/payment/credit/installments',
        { providerId: 'cartao-loja', installments: 6 },
        { session },
      ),
      400,
    );
    expect(tooMany.message).toBe('Este número de parcelas não está disponível para este pedido.');
    const provider = expectRefusal(
      await sandbox.post(
        '/api/order/payment/credit/installments',
        { providerId: 'outro', installments: 1 },
        { session },
      ),
      400,
    );
    expect(provider.message).toBe('Opção de cartão não encontrada para esta loja.');
    expectRefusal(
      await sandbox.post(
        '/api/order/payment/credit/installments',
        { providerId: 'cartao-loja', installments: 1, value: 1 },
        { session },
      ),
      400,
    );
    expect((await order(session)).payment ?? null).toBeNull();
  });
});

describe('POST /api/order/payment/credit: the test cards', () => {
  it('4111 1111 1111 1111 is approved: payment Paid, order Received, only the last 4 digits kept', async () => {
    const session = freshShopper();
    const answer = await pay(session, card('4111111111111111', { installments: 3 }));
    expect(expectData('payWithCard', answer)).toEqual({
      status: PaymentStatus.Paid,
      failureType: null,
      recaptchaKey: null,
    });
    const paid = await order(session);
    expect(paid.status).toBe(OrderState.Received);
    expect(paid.payment).toMatchObject({
      method: PaymentMethod.CreditCard,
      status: PaymentStatus.Paid,
      providerId: 'cartao-loja',
      installments: 3,
    });
    const [attempt] = attempts(session);
    expect(attempt).toMatchObject({
      provider_id: 'cartao-loja',
      card_last4: '1111',
      installments: 3,
      amount_cents: 6088,
      status: PaymentStatus.Paid,
      failure_type: null,
    });
  });

  it('Mastercard 5555 5555 5555 4444 and Amex 3782 822463 10005 (4-digit code) are approved', async () => {
    expectData('payWithCard', await pay(freshShopper(), card('5555555555554444')));
    expectData('payWithCard', await pay(freshShopper(), card('378282246310005', { securityCode: '1234' })));
  });

  it('a paid order refuses another payment, a new installments choice and a change of method (409)', async () => {
    const session = freshShopper();
    expectData('payWithCard', await pay(session, card('4111111111111111')));
    expect(expectRefusal(await pay(session, card('4111111111111111')), 409).message).toBe(
      'Este pedido já foi pago.',
    );
    expectRefusal(
      await sandbox.post(
        '/api/order/payment/credit/installments',
        { providerId: 'cartao-loja', installments: 1 },
        { session },
      ),
      409,
    );
    expectRefusal(await sandbox.get('/api/order/payment/update', { session }), 409);
    expect(attempts(session)).toHaveLength(1);
  });

  const declines: [string, FailureType, string][] = [
    ['4000000000000002', FailureType.InvalidData, 'Os dados do cartão são inválidos'],
    ['4000000000009995', FailureType.LimitExceeded, 'Limite de compras do cartão insuficiente'],
    ['4000000000000119', FailureType.Unknown, 'Aconteceu um erro com seu pagamento'],
    // Any other number that passes Luhn: declined, as a gateway's test mode declines unknown cards.
    ['4242424242424242', FailureType.Unknown, 'Aconteceu um erro com seu pagamento'],
  ];
  for (const [number, failureType, message] of declines) {
    it(`${number} is declined with 402: ${message}`, async () => {
      const session = freshShopper();
      expectDeclined(await pay(session, card(number)), failureType, message);
      const after = await order(session);
      expect(after.status).toBe(OrderState.Creating);
      expect(after.payment).toMatchObject({
        method: PaymentMethod.CreditCard,
        status: PaymentStatus.Failed,
        failureType,
      });
      expect(attempts(session)).toEqual([
        expect.objectContaining({
          card_last4: number.slice(-4),
          status: PaymentStatus.Failed,
          failure_type: failureType,
        }),
      ]);
    });
  }

  it('a declined payment may be tried again with another card', async () => {
    const session = freshShopper();
    expectDeclined(
      await pay(session, card('4000000000009995')),
      FailureType.LimitExceeded,
      'Limite de compras do cartão insuficiente',
    );
    expectData('payWithCard', await pay(session, card('4111111111111111')));
    expect(attempts(session).map((a) => a.status)).toEqual([PaymentStatus.Failed, PaymentStatus.Paid]);
  });

  it('the gateway refuses as invalid data a number failing Luhn, a past expiry and a wrong-length code', async () => {
    const session = freshShopper();
    const invalid = 'Os dados do cartão são inválidos';
    expectDeclined(await pay(session, card('4111111111111112')), FailureType.InvalidData, invalid);
    expectDeclined(
      await pay(session, card('4111111111111111', { expiryMonth: '01', expiryYear: '2020' })),
      FailureType.InvalidData,
      invalid,
    );
    expectDeclined(
      await pay(session, card('4111111111111111', { securityCode: '1234' })),
      FailureType.InvalidData,
      invalid,
    );
    expectDeclined(
      await pay(session, card('378282246310005', { securityCode: '123' })),
      FailureType.InvalidData,
      invalid,
    );
    expect(attempts(session)).toHaveLength(4);
  });
});

describe('POST /api/order/payment/credit: reCAPTCHA', () => {
  it('4000 0000 0000 0101 asks for the captcha until the retry brings the key and a token, then pays', async () => {
    const session = freshShopper();
    const key = GOOGLE_TEST_RECAPTCHA_SITE_KEY;
    const message = 'Houve um problema na validação do ReCaptcha, por favor tente novamente';
    expectDeclined(await pay(session, card('4000000000000101')), FailureType.ReCAPTCHA, message, key);
    expect((await order(session)).recaptchaKey).toBe(key);
    // Without a token, with an empty one, or with another key: the same refusal.
    expectDeclined(await pay(session, card('4000000000000101')), FailureType.ReCAPTCHA, message, key);
    expectDeclined(
      await pay(session, card('4000000000000101', { recaptchaKey: key, recaptchaToken: '  ' })),
      FailureType.ReCAPTCHA,
      message,
      key,
    );
    expectDeclined(
      await pay(session, card('4000000000000101', { recaptchaKey: 'outra-chave', recaptchaToken: 'token' })),
      FailureType.ReCAPTCHA,
      message,
      key,
    );
    const solved = await pay(
      session,
      card('4000000000000101', { recaptchaKey: key, recaptchaToken: 'token-resolvido' }),
    );
    expect(expectData('payWithCard', solved).status).toBe(PaymentStatus.Paid);
    const paid = await order(session);
    expect(paid.status).toBe(OrderState.Received);
    expect(paid.recaptchaKey).toBeNull();
    expect(wholeDatabaseText(sandbox.db)).not.toContain('token-resolvido');
  });

  it('once asked, the order needs the captcha whatever the card', async () => {
    const session = freshShopper();
    const key = GOOGLE_TEST_RECAPTCHA_SITE_KEY;
    const message = 'Houve um problema na validação do ReCaptcha, por favor tente novamente';
    expectDeclined(await pay(session, card('4000000000000101')), FailureType.ReCAPTCHA, message, key);
    expectDeclined(await pay(session, card('4111111111111111')), FailureType.ReCAPTCHA, message, key);
    expectData(
      'payWithCard',
      await pay(session, card('4111111111111111', { recaptchaKey: key, recaptchaToken: 't' })),
    );
  });
});

describe('POST /api/order/payment/credit: refusals before the gateway', () => {
  it('refuses an invalid holder CPF or CNPJ (400) and accepts a valid CNPJ', async () => {
    const session = freshShopper();
    const bad = expectRefusal(
      await pay(session, card('4111111111111111', { document: '111.111.111-11' })),
      400,
    );
    expect(bad.message).toBe('O CPF ou CNPJ do titular do cartão é inválido.');
    expect(attempts(session)).toHaveLength(0);
    expectData(
      'payWithCard',
      await pay(session, card('4111111111111111', { document: '11.222.333/0001-81' })),
    );
  });

  it('refuses installments not offered, an unknown provider, bad or unknown fields (400)', async () => {
    const session = freshShopper();
    expectRefusal(await pay(session, card('4111111111111111', { installments: 7 })), 400);
    expectRefusal(await pay(session, card('4111111111111111', { providerId: 'outro' })), 400);
    expectRefusal(await pay(session, card('4111 1111 1111 1111')), 400);
    expectRefusal(await pay(session, card('4111111111111111', { expiryMonth: '13' })), 400);
    expectRefusal(await pay(session, card('4111111111111111', { cvv: '123' })), 400);
    const { name: _name, ...withoutName } = card('4111111111111111');
    expectRefusal(await pay(session, withoutName), 400);
    expectRefusal(await pay(session, '{"number": '), 400);
    expect(attempts(session)).toHaveLength(0);
  });

  it('refuses an empty order (400), no session (401), and an order below the minimum (409)', async () => {
    expect(expectRefusal(await pay('anonymous-session', card('4111111111111111')), 400).message).toBe(
      'O pedido não tem itens.',
    );
    expectRefusal(await sandbox.post('/api/order/payment/credit', card('4111111111111111')), 401);
    const cheap = freshShopper([{ productId: '1002', quantity: 1 }]);
    expect(expectRefusal(await pay(cheap, card('4111111111111111')), 409).message).toBe(
      `O valor mínimo do seu pedido é ${formatBrl(2500)}`,
    );
  });

  it('refuses the card page when the order is paid by link or by Mercado Pago (409)', async () => {
    const session = freshShopper();
    const orderId = currentOrderId(sandbox.db, session);
    const setProvider = (type: number, link: string | null) =>
      sandbox.db
        .prepare(`UPDATE orders SET checkout = json_set(checkout, '$.payment', json(?)) WHERE id = ?`)
        .run(
          JSON.stringify({
            method: PaymentMethod.Link,
            providerType: type,
            link,
            status: PaymentStatus.Waiting,
            failureType: null,
            providerId: null,
            installments: null,
            onDelivery: null,
            manualInformation: null,
            recaptchaKey: null,
          }),
          orderId,
        );
    setProvider(PaymentProviderType.PagBrasil, 'https://pagamento.exemplo.com.br/pagbrasil/1');
    expect(expectRefusal(await pay(session, card('4111111111111111')), 409).message).toBe(
      'Este pedido é pago pelo link de pagamento enviado no chat.',
    );
    setProvider(PaymentProviderType.MercadoPago, null);
    expect(expectRefusal(await pay(session, card('4111111111111111')), 409).message).toBe(
      'Este pedido é pago pelo formulário do Mercado Pago.',
    );
    expect(attempts(session)).toHaveLength(0);
  });

  it('a payment chosen before with another method (PIX) becomes a card payment on the first attempt', async () => {
    const session = freshShopper();
    sandbox.db
      .prepare(`UPDATE orders SET checkout = json_set(checkout, '$.payment', json(?)) WHERE id = ?`)
      .run(
        JSON.stringify({
          method: PaymentMethod.Pix,
          providerType: PaymentProviderType.ShopProvider,
          link: null,
          status: PaymentStatus.Waiting,
          failureType: null,
          providerId: null,
          installments: null,
          onDelivery: null,
          manualInformation: null,
          recaptchaKey: null,
        }),
        currentOrderId(sandbox.db, session),
      );
    expectData('payWithCard', await pay(session, card('4111111111111111')));
    expect((await order(session)).payment).toMatchObject({
      method: PaymentMethod.CreditCard,
      status: PaymentStatus.Paid,
    });
  });
});

describe('payment window: Expired', () => {
  const expire = (session: string) =>
    sandbox.db
      .prepare(
        `UPDATE orders SET checkout = json_set(checkout, '$.payment.expiresAt', '2020-01-01T00:00:00.000Z') WHERE id = ?`,
      )
      .run(currentOrderId(sandbox.db, session));

  it('a payment whose window closed is Expired: the card is refused, then the method can be changed and chosen again', async () => {
    const session = freshShopper();
    expectData(
      'setInstallments',
      await sandbox.post(
        '/api/order/payment/credit/installments',
        { providerId: 'cartao-loja', installments: 2 },
        { session },
      ),
    );
    expire(session);
    expectUnpaid(
      await pay(session, card('4111111111111111', { installments: 2 })),
      409,
      { status: PaymentStatus.Expired, failureType: null, recaptchaKey: null },
      'O tempo para pagamento expirou',
    );
    expect((await order(session)).payment).toMatchObject({ status: PaymentStatus.Expired });
    expect(attempts(session).map((a) => a.status)).toEqual([PaymentStatus.Expired]);
    // Choosing installments does not reopen it...
    const again = expectRefusal(
      await sandbox.post(
        '/api/order/payment/credit/installments',
        { providerId: 'cartao-loja', installments: 1 },
        { session },
      ),
      409,
    );
    expect(again.message).toBe('O tempo para pagamento expirou');
    // ...changing the payment method does; after it the card page is back once installments are chosen.
    expect(
      expectData('changePaymentMethod', await sandbox.get('/api/order/payment/update', { session })),
    ).toEqual({
      status: PaymentStatus.Canceled,
    });
    expect(expectRefusal(await pay(session, card('4111111111111111')), 409).message).toBe(
      'Método de pagamento não encontrado',
    );
    const chosen = expectData(
      'setInstallments',
      await sandbox.post(
        '/api/order/payment/credit/installments',
        { providerId: 'cartao-loja', installments: 1 },
        { session },
      ),
    );
    expect(chosen.payment).toMatchObject({ status: PaymentStatus.Waiting });
    expectData('payWithCard', await pay(session, card('4111111111111111')));
  });
});

describe('card data is never stored or logged', () => {
  it('no card number, security code, holder name or document anywhere in the database or the logs', async () => {
    const session = freshShopper();
    addItems(sandbox.db, session, [{ productId: '1002', quantity: 1 }]);
    const secretName = 'NOME SECRETO DO TITULAR';
    expectDeclined(
      await pay(session, card('4000000000000002', { name: secretName, securityCode: '917' })),
      FailureType.InvalidData,
      'Os dados do cartão são inválidos',
    );
    expectData(
      'payWithCard',
      await pay(session, card('4111111111111111', { name: secretName, securityCode: '917' })),
    );
    const everything = wholeDatabaseText(sandbox.db);
    for (const number of [
      '4111111111111111',
      '4000000000000002',
      '5555555555554444',
      '378282246310005',
      '4242424242424242',
    ]) {
      expect(everything).not.toContain(number);
      expect(everything).not.toContain(number.slice(0, 12));
    }
    expect(everything).not.toContain(secretName);
    expect(everything).not.toContain('93541134780');
    expect(everything).not.toContain(HOLDER_CPF);
    const columns = sandbox.db.prepare('PRAGMA table_info(payment_attempts)').all() as { name: string }[];
    expect(columns.map((c) => c.name)).not.toContain('securityCode');
    const lastFours = sandbox.db.prepare('SELECT DISTINCT card_last4 FROM payment_attempts').all() as {
      card_last4: string | null;
    }[];
    for (const { card_last4 } of lastFours)
      expect(card_last4 === null || /^\d{4}$/.test(card_last4)).toBe(true);
    const logs = logLines.join('');
    expect(logs).not.toContain('4111111111111111');
    expect(logs).not.toContain(secretName);
  });
});
