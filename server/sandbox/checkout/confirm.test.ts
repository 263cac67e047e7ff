import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlowStep, OrderState, PaymentMethod, PaymentProviderType, PaymentStatus } from '../contract.ts';
import { expectData, expectFieldErrors, expectRefusal } from '../testing/answers.ts';
import {
  ANONYMOUS,
  addItem,
  OPERATOR,
  patchShopRules,
  patchShopSettings,
  SHOPPER,
} from '../testing/fixtures.ts';
import { CONFIRM_MESSAGES } from './confirm.ts';
import { CUSTOMER_MESSAGES } from './customer-rules.ts';
import { EMPTY_ORDER_MESSAGE } from './guards.ts';
import { CASH_BELOW_TOTAL_MESSAGE } from './payments-on-delivery.ts';
import { SCHEDULE_CLOSED_MESSAGE } from './schedule.ts';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(() => sandbox.close());

const current = async (session: string) =>
  expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session }));
const shopperConfirm = (session = SHOPPER) => sandbox.get('/api/order/confirm', { session });
const agentConfirm = (body: unknown, session = OPERATOR) =>
  sandbox.post('/api/order/confirm', body, { session });
const chooseLogistic = (body: unknown, session = OPERATOR) =>
  sandbox.post('/api/order/logistic/', body, { session });

/** The operator's contact, valid as the agent's form sends it. */
const contact = {
  name: 'Carlos Eduardo Lima',
  email: 'carlos.lima@exemplo.com.br',
  document: '111.444.777-35',
  isCorporate: false,
};

/** An operator order ready to confirm: R$ 55,80 of rice, picked up for free in Pinheiros. */
async function readyOperatorOrder() {
  await addItem(sandbox, OPERATOR, '1001', 2);
  expectData('setLogistic', await chooseLogistic({ providerId: 'retirada-pinheiros', type: 0 }));
}

describe('GET /api/order/confirm (shopper)', () => {
  it('sends the cart to the shop: the order becomes Received and cannot change anymore', async () => {
    const answer = expectData('confirmOrder', await shopperConfirm());
    expect(answer).toEqual({ id: '100001', status: OrderState.Received });
    expect((await current(SHOPPER)).status).toBe(OrderState.Received);
    expectRefusal(await chooseLogistic({ providerId: 'retirada-centro', type: 0 }, SHOPPER), 409);
    expectRefusal(await shopperConfirm(), 409);
  });

  it('refuses an empty order', async () => {
    expect(expectRefusal(await shopperConfirm(ANONYMOUS), 400).message).toBe(EMPTY_ORDER_MESSAGE);
  });

  it('refuses an order with a problem, answering the first one', async () => {
    await addItem(sandbox, OPERATOR, '1002', 1); // R$ 8,49, below the R$ 25,00 minimum
    const error = expectRefusal(await shopperConfirm(OPERATOR), 400);
    expect(error.message).toMatch(/^O valor mínimo do seu pedido é R\$\s25,00$/);
    expect((await current(OPERATOR)).status).toBe(OrderState.Creating);
  });
});

describe('POST /api/order/confirm (agent)', () => {
  it('saves the contact, the payment method and sets the order Received; later changes are refused', async () => {
    await readyOperatorOrder();
    const answer = expectData(
      'agentConfirmOrder',
      await agentConfirm({ ...contact, name: 'Carlos E. Lima', paymentMethod: PaymentMethod.CreditCard }),
    );
    expect(answer).toEqual({ id: expect.any(String), status: OrderState.Received });
    const order = await current(OPERATOR);
    expect(order.status).toBe(OrderState.Received);
    expect(order.payment).toMatchObject({
      method: PaymentMethod.CreditCard,
      providerType: PaymentProviderType.ShopProvider,
    });
    expect(order.customer).toMatchObject({ name: 'Carlos E. Lima', document: '11144477735' });
    expectRefusal(await chooseLogistic({ providerId: 'retirada-centro', type: 0 }), 409);
    expectRefusal(await sandbox.post('/api/order/semiautomatic', undefined, { session: OPERATOR }), 409);
    expectRefusal(await agentConfirm({ ...contact, paymentMethod: PaymentMethod.CreditCard }), 409);
  });

  it('also finishes the checkout of a shopper alone on the checkout screen', async () => {
    await addItem(sandbox, SHOPPER, '1001', 2);
    expectData('setLogistic', await chooseLogistic({ providerId: 'retirada-pinheiros', type: 0 }, SHOPPER));
    const answer = expectData(
      'agentConfirmOrder',
      await agentConfirm({ ...contact, paymentMethod: PaymentMethod.CreditCard }, SHOPPER),
    );
    expect(answer).toEqual({ id: expect.any(String), status: OrderState.Received });
    const order = await current(SHOPPER);
    expect(order.status).toBe(OrderState.Received);
    expect(order.payment).toMatchObject({ method: PaymentMethod.CreditCard });
    expect(order.customer).toMatchObject({ name: contact.name, document: '11144477735' });
    expectRefusal(await agentConfirm({ ...contact, paymentMethod: PaymentMethod.CreditCard }, SHOPPER), 409);
  });

  it('checks a shopper’s checkout like an operator’s', async () => {
    const errors = expectFieldErrors(await agentConfirm({ ...contact, paymentMethod: 0 }, SHOPPER));
    expect(errors.map((e) => e.field)).toEqual(['logistic']);
    expect((await current(SHOPPER)).status).toBe(OrderState.Creating);
  });

  it('answers every problem at once, the order ones first', async () => {
    const errors = expectFieldErrors(await agentConfirm({ name: '', isCorporate: true }));
    expect(errors.map((e) => [e.field, e.message])).toEqual([
      ['items', EMPTY_ORDER_MESSAGE],
      ['logistic', CONFIRM_MESSAGES.logistic],
      ['name', CUSTOMER_MESSAGES.name],
      ['corporateDocument', CUSTOMER_MESSAGES.cnpjRequired],
      ['corporateName', CUSTOMER_MESSAGES.corporateName],
      ['tradeName', CUSTOMER_MESSAGES.tradeName],
      ['paymentMethod', CONFIRM_MESSAGES.paymentMethod],
    ]);
    expect((await current(OPERATOR)).status).toBe(OrderState.Creating);
  });

  it('checks e-mail and CPF, which finishing an order requires', async () => {
    await readyOperatorOrder();
    const errors = expectFieldErrors(
      await agentConfirm({ ...contact, email: '', document: '123.456.789-00', paymentMethod: 0 }),
    );
    expect(errors.map((e) => e.message)).toEqual([CUSTOMER_MESSAGES.email, CUSTOMER_MESSAGES.cpf]);
  });

  it('requires the seller and a delivery or pick-up choice with the seller step', async () => {
    await addItem(sandbox, OPERATOR, '1001', 2);
    patchShopSettings(sandbox.db, { steps: [FlowStep.Start, FlowStep.Seller, FlowStep.Payment] });
    const errors = expectFieldErrors(await agentConfirm({ ...contact, paymentMethod: 0 }));
    expect(errors.map((e) => e.message)).toEqual([CONFIRM_MESSAGES.seller, CONFIRM_MESSAGES.logistic]);
    expectData(
      'setSeller',
      await sandbox.post('/api/order/seller/', { providerId: 'vendedor-centro' }, { session: OPERATOR }),
    );
    // Section 5 requires a logistic: the seller step hides only the method switch, not the options.
    const noLogistic = expectFieldErrors(await agentConfirm({ ...contact, paymentMethod: 0 }));
    expect(noLogistic.map((e) => e.message)).toEqual([CONFIRM_MESSAGES.logistic]);
    expectData(
      'setLogistic',
      await sandbox.post(
        '/api/order/logistic/',
        { providerId: 'retirada-pinheiros', type: 0 },
        { session: OPERATOR },
      ),
    );
    const answer = expectData('agentConfirmOrder', await agentConfirm({ ...contact, paymentMethod: 0 }));
    expect(answer).toMatchObject({ status: OrderState.Received });
  });

  it('requires a schedule with the schedule step, still open when confirming', async () => {
    let now = new Date('2025-01-06T12:00:00Z'); // Monday 09:00 in São Paulo
    const app = await startTestSandbox({ now: () => now });
    try {
      patchShopSettings(app.db, {
        steps: [FlowStep.Start, FlowStep.Logistic, FlowStep.Schedule, FlowStep.Payment],
      });
      const post = (path: string, body: unknown) => app.post(path, body, { session: OPERATOR });
      expect((await post('/api/order/items/', { providerId: '1001', quantity: 2 })).status).toBe(200);
      expectData(
        'setLogistic',
        await post('/api/order/logistic/', { providerId: 'retirada-pinheiros', type: 0 }),
      );
      let errors = expectFieldErrors(await post('/api/order/confirm', { ...contact, paymentMethod: 0 }));
      expect(errors.map((e) => e.message)).toEqual([CONFIRM_MESSAGES.schedule]);
      expectData('setSchedule', await post('/api/order/schedule', { day: '2025-01-06', startTime: '13:00' }));
      now = new Date('2025-01-06T14:30:00Z'); // 11:30: the 13:00 slot closed at 11:00
      errors = expectFieldErrors(await post('/api/order/confirm', { ...contact, paymentMethod: 0 }));
      expect(errors.map((e) => [e.field, e.message])).toEqual([['schedule', SCHEDULE_CLOSED_MESSAGE]]);
      expectData('setSchedule', await post('/api/order/schedule', { day: '2025-01-06', startTime: '18:00' }));
      expectData('agentConfirmOrder', await post('/api/order/confirm', { ...contact, paymentMethod: 0 }));
    } finally {
      await app.close();
    }
  });

  it('refuses a payment method not enabled on the order', async () => {
    await readyOperatorOrder();
    for (const method of [PaymentMethod.Nubank, PaymentMethod.Custom, PaymentMethod.BankDeposit]) {
      const errors = expectFieldErrors(await agentConfirm({ ...contact, paymentMethod: method }));
      expect(errors).toEqual([
        expect.objectContaining({ field: 'paymentMethod', message: CONFIRM_MESSAGES.paymentUnavailable }),
      ]);
    }
  });

  it('in manual payment mode needs the PIX key or a card link that looks like a URL', async () => {
    await readyOperatorOrder();
    patchShopSettings(sandbox.db, { payment: { type: 'manual' } });
    let errors = expectFieldErrors(await agentConfirm({ ...contact, paymentMethod: PaymentMethod.Pix }));
    expect(errors.map((e) => e.message)).toEqual([CONFIRM_MESSAGES.pixKey]);
    for (const link of ['pagar aqui', 'www.pagamento', 'ftp://pagamento.exemplo.com', 'https://pagamento']) {
      errors = expectFieldErrors(
        await agentConfirm({
          ...contact,
          paymentMethod: PaymentMethod.CreditCard,
          manualPaymentInformation: link,
        }),
      );
      expect(errors).toEqual([
        expect.objectContaining({ field: 'manualPaymentInformation', message: 'Insira um link válido' }),
      ]);
    }
    expectData(
      'agentConfirmOrder',
      await agentConfirm({
        ...contact,
        paymentMethod: PaymentMethod.CreditCard,
        manualPaymentInformation: 'https://pagamento.exemplo.com.br/c/abc123',
      }),
    );
    expect((await current(OPERATOR)).payment).toMatchObject({
      method: PaymentMethod.CreditCard,
      providerType: PaymentProviderType.Manual,
      link: 'https://pagamento.exemplo.com.br/c/abc123',
    });
  });

  it('accepts the custom method in manual mode, by the option id', async () => {
    await readyOperatorOrder();
    patchShopSettings(sandbox.db, { payment: { type: 'manual' } });
    patchShopRules(sandbox.db, '$.checkout.paymentOptions[#]', {
      method: PaymentMethod.Custom,
      name: 'Transferência bancária',
      group: null,
      providerId: 'transferencia-bancaria',
      payOnDelivery: false,
    });
    expectData(
      'agentConfirmOrder',
      await agentConfirm({
        ...contact,
        paymentMethod: PaymentMethod.Custom,
        manualPaymentInformation: 'transferencia-bancaria',
      }),
    );
  });

  it('needs no payment method when the shop does not charge its orders', async () => {
    await readyOperatorOrder();
    patchShopSettings(sandbox.db, { disableChargeOrders: true });
    expectData('agentConfirmOrder', await agentConfirm(contact));
  });

  it('needs the on-delivery choice, with cash still covering the total', async () => {
    await addItem(sandbox, OPERATOR, '1001', 2);
    let errors = expectFieldErrors(
      await agentConfirm({ ...contact, paymentMethod: PaymentMethod.OnDelivery }),
    );
    expect(errors.map((e) => e.message)).toEqual([CONFIRM_MESSAGES.logistic, CONFIRM_MESSAGES.onDelivery]);
    expectData(
      'setPaymentOnDelivery',
      await sandbox.post(
        '/api/order/payment/delivery',
        { type: 'Dinheiro', cashAmount: 56 },
        { session: OPERATOR },
      ),
    );
    // Picking up at the Centro store adds its R$ 2,00 service tax: R$ 56,00 no longer covers R$ 57,80.
    expectData('setLogistic', await chooseLogistic({ providerId: 'retirada-centro', type: 0 }));
    errors = expectFieldErrors(await agentConfirm({ ...contact, paymentMethod: PaymentMethod.OnDelivery }));
    expect(errors.map((e) => [e.field, e.message])).toEqual([['cashAmount', CASH_BELOW_TOTAL_MESSAGE]]);
    expectData('setLogistic', await chooseLogistic({ providerId: 'retirada-pinheiros', type: 0 }));
    expectData(
      'agentConfirmOrder',
      await agentConfirm({ ...contact, paymentMethod: PaymentMethod.OnDelivery }),
    );
  });

  it('refuses unknown fields and wrong types (400), a wrong type under its field in Portuguese', async () => {
    const unknown = expectRefusal(await agentConfirm({ ...contact, paymentMethod: 0, desconto: 10 }), 400);
    expect(unknown.message).toBe('A requisição tem um campo que esta chamada não aceita.');
    expect(expectFieldErrors(await agentConfirm({ ...contact, paymentMethod: 42 }))).toEqual([
      expect.objectContaining({
        field: 'paymentMethod',
        message: 'Forma de pagamento: escolha uma das opções aceitas.',
      }),
    ]);
  });
});

describe('GET /api/order/cancel', () => {
  it('cancels an order being built and refuses a second cancellation (409)', async () => {
    const order = expectData('cancelOrder', await sandbox.get('/api/order/cancel', { session: SHOPPER }));
    expect(order.status).toBe(OrderState.Canceled);
    expect((await current(SHOPPER)).status).toBe(OrderState.Canceled);
    expect(expectRefusal(await sandbox.get('/api/order/cancel', { session: SHOPPER }), 409).message).toBe(
      'Este pedido já foi cancelado.',
    );
    expectRefusal(await shopperConfirm(), 409);
  });

  it('cancels the waiting payment with the order', async () => {
    expectData(
      'setPaymentOnDelivery',
      await sandbox.post(
        '/api/order/payment/delivery',
        { type: 'Dinheiro', cashAmount: 100 },
        { session: SHOPPER },
      ),
    );
    const order = expectData('cancelOrder', await sandbox.get('/api/order/cancel', { session: SHOPPER }));
    expect((order as { payment?: { status?: number } }).payment?.status).toBe(PaymentStatus.Canceled);
  });

  it('lets only the operator cancel an order the shop already received', async () => {
    await readyOperatorOrder();
    expectData('confirmOrder', await shopperConfirm(SHOPPER));
    expectRefusal(await sandbox.get('/api/order/cancel', { session: SHOPPER }), 403);
    expectData('agentConfirmOrder', await agentConfirm({ ...contact, paymentMethod: 0 }));
    const order = expectData('cancelOrder', await sandbox.get('/api/order/cancel', { session: OPERATOR }));
    expect(order.status).toBe(OrderState.Canceled);
  });
});

describe('POST /api/order/semiautomatic', () => {
  it('toggles the semiautomatic flow of the operator contact', async () => {
    const toggle = () => sandbox.post('/api/order/semiautomatic', undefined, { session: OPERATOR });
    expect(expectData('toggleSemiAutomatic', await toggle())).toEqual({ isInSemiAutomatic: true });
    expect((await current(OPERATOR)).isInSemiAutomatic).toBe(true);
    expect(expectData('toggleSemiAutomatic', await toggle())).toEqual({ isInSemiAutomatic: false });
  });

  it('is for operators only (403)', async () => {
    expectRefusal(await sandbox.post('/api/order/semiautomatic', undefined, { session: SHOPPER }), 403);
  });
});
