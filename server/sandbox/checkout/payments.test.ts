import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaymentMethod, PaymentProviderType, PaymentStatus } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import {
  ANONYMOUS,
  approvedCardPayload,
  OPERATOR,
  patchShopRules,
  patchShopSettings,
  SHOPPER,
  SHOPPER_CART_TOTAL,
} from '../testing/fixtures.ts';
import { CASH_BELOW_TOTAL_MESSAGE, CHOOSE_ON_DELIVERY_TYPE_MESSAGE } from './payments-on-delivery.ts';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(() => sandbox.close());

const payOnDelivery = (body: unknown, session = SHOPPER) =>
  sandbox.post('/api/order/payment/delivery', body, { session });
const manualPix = (session = SHOPPER) => sandbox.post('/api/order/pix/manual', undefined, { session });

describe('GET /api/order/payments/', () => {
  it('lists the payment options with the on-delivery groups: cash and card machines', async () => {
    const options = expectData(
      'listPaymentOptions',
      await sandbox.get('/api/order/payments/', { session: SHOPPER }),
    );
    const onDelivery = options.filter((o) => o.payOnDelivery);
    expect(onDelivery.map((o) => [o.group, o.name])).toEqual([
      ['Dinheiro', 'Dinheiro'],
      ['Cartão na entrega', 'Crédito na entrega'],
      ['Cartão na entrega', 'Débito na entrega'],
      ['Cartão na entrega', 'Vale-refeição'],
    ]);
    expect(onDelivery.every((o) => o.method === PaymentMethod.OnDelivery && o.providerId)).toBe(true);
  });

  it('needs a session', async () => {
    expectRefusal(await sandbox.get('/api/order/payments/'), 401);
  });
});

describe('POST /api/order/payment/delivery', () => {
  it('without a type forgets pay on delivery (the shopper chose another method)', async () => {
    expectData('setPaymentOnDelivery', await payOnDelivery({ type: 'Dinheiro', cashAmount: 100 }));
    const cleared = expectData('setPaymentOnDelivery', await payOnDelivery({}));
    expect(cleared.payment?.method ?? null).not.toBe(PaymentMethod.OnDelivery);
    // Nothing to forget: the same answer, nothing refused.
    expectData('setPaymentOnDelivery', await payOnDelivery({}));
  });

  it('takes cash covering the total and keeps the amount to change', async () => {
    const order = expectData(
      'setPaymentOnDelivery',
      await payOnDelivery({ type: 'Dinheiro', cashAmount: 100 }),
    );
    expect(order.payment).toMatchObject({
      method: PaymentMethod.OnDelivery,
      providerType: PaymentProviderType.ShopProvider,
    });
    expect((order.payment as { status?: number }).status).toBe(PaymentStatus.Waiting);
    // Exactly the total needs no change and is accepted too.
    expectData(
      'setPaymentOnDelivery',
      await payOnDelivery({ type: 'Dinheiro', cashAmount: SHOPPER_CART_TOTAL }),
    );
  });

  it('refuses cash below the total, or no amount at all', async () => {
    const error = expectRefusal(await payOnDelivery({ type: 'Dinheiro', cashAmount: 50 }), 400);
    expect(error.message).toBe(CASH_BELOW_TOTAL_MESSAGE);
    expectRefusal(await payOnDelivery({ type: 'Dinheiro', cashAmount: 60.87 }), 400);
    expect(expectRefusal(await payOnDelivery({ type: 'Dinheiro' }), 400).message).toBe(
      'Informe o valor em espécie.',
    );
    expectRefusal(await payOnDelivery({ type: 'Dinheiro', cashAmount: -1 }), 400);
  });

  it('compares the cash with the total including delivery', async () => {
    expectData(
      'setLogistic',
      await sandbox.post(
        '/api/order/logistic/',
        { providerId: 'entrega-expressa-sp', type: 1, addressIndex: 0 },
        { session: SHOPPER },
      ),
    );
    expectRefusal(await payOnDelivery({ type: 'Dinheiro', cashAmount: 65 }), 400);
    expectData('setPaymentOnDelivery', await payOnDelivery({ type: 'Dinheiro', cashAmount: 70.78 }));
  });

  it('takes a card machine option of the chosen group', async () => {
    const order = expectData(
      'setPaymentOnDelivery',
      await payOnDelivery({ type: 'Cartão na entrega', providerId: 'maquininha-vale-refeicao' }),
    );
    expect(order.payment?.method).toBe(PaymentMethod.OnDelivery);
  });

  it('refuses a card group without option, an option of another group, unknown ones', async () => {
    expect(expectRefusal(await payOnDelivery({ type: 'Cartão na entrega' }), 400).message).toBe(
      'Escolha o meio de pagamento.',
    );
    expectRefusal(await payOnDelivery({ type: 'Cartão na entrega', providerId: 'dinheiro' }), 400);
    expectRefusal(await payOnDelivery({ type: 'Cartão na entrega', providerId: 'maquininha-cripto' }), 404);
    expectRefusal(await payOnDelivery({ type: 'Cheque' }), 400);
    expectRefusal(await payOnDelivery({ type: '' }), 400);
  });

  it('refuses an empty order and a finished one', async () => {
    expectRefusal(await payOnDelivery({ type: 'Dinheiro', cashAmount: 10 }, ANONYMOUS), 400);
    expect((await sandbox.get('/api/order/cancel', { session: SHOPPER })).status).toBe(200);
    expectRefusal(await payOnDelivery({ type: 'Dinheiro', cashAmount: 100 }), 409);
  });

  it('refuses when the shop has no on-delivery option', async () => {
    patchShopRules(sandbox.db, '$.checkout.paymentOptions', []);
    expect(expectRefusal(await payOnDelivery({ type: 'Dinheiro', cashAmount: 100 }), 400).message).toBe(
      'Esta loja não aceita pagamento na entrega.',
    );
  });
});

describe('POST /api/order/payment/delivery without a type: the pay-on-delivery choice is dropped', () => {
  const currentOrder = async () =>
    expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session: SHOPPER }));

  it("'Pagar na entrega' → 'Dinheiro' → R$ 100, then Cartão de Crédito: the order holds no payment, the card page pays", async () => {
    expectData('setPaymentOnDelivery', await payOnDelivery({ type: 'Dinheiro', cashAmount: 100 }));
    expect((await currentOrder()).payment).toMatchObject({
      method: PaymentMethod.OnDelivery,
      onDelivery: { group: 'Dinheiro', cashAmount: 100 },
    });

    const cleared = expectData('setPaymentOnDelivery', await payOnDelivery({}));
    expect(cleared.payment).toBeNull();
    // A reload reads no 'Pagar na entrega' back.
    expect((await currentOrder()).payment).toBeNull();

    // The card page: its options, then the payment at the order's total.
    const options = expectData(
      'listCardOptions',
      await sandbox.get('/api/order/payment/credit', { session: SHOPPER }),
    );
    expect(options[0]?.installments?.[0]?.total).toBe(SHOPPER_CART_TOTAL);
    const paid = await sandbox.post(
      '/api/order/payment/credit',
      {
        ...approvedCardPayload({ providerId: 'cartao-loja', installments: 1 }),
        expectedTotal: SHOPPER_CART_TOTAL,
      },
      { session: SHOPPER },
    );
    expect(paid.status, paid.text).toBe(200);
    expect((await currentOrder()).payment).toMatchObject({
      method: PaymentMethod.CreditCard,
      status: PaymentStatus.Paid,
      onDelivery: null,
    });
  });

  it('drops a card machine choice too, and is harmless when nothing is chosen', async () => {
    expectData(
      'setPaymentOnDelivery',
      await payOnDelivery({ type: 'Cartão na entrega', providerId: 'maquininha-debito' }),
    );
    expect(expectData('setPaymentOnDelivery', await payOnDelivery({})).payment).toBeNull();
    expect(expectData('setPaymentOnDelivery', await payOnDelivery({})).payment).toBeNull();
  });

  it("leaves another method's payment as it is", async () => {
    patchShopSettings(sandbox.db, { payment: { type: 'manual' } });
    expect((await manualPix()).status).toBe(200);
    const before = (await currentOrder()).payment;
    expect(before).toMatchObject({ method: PaymentMethod.Pix });
    expect(expectData('setPaymentOnDelivery', await payOnDelivery({})).payment).toEqual(before);
  });

  it('refuses a means or a cash amount without a type, and a finished order', async () => {
    expectData('setPaymentOnDelivery', await payOnDelivery({ type: 'Dinheiro', cashAmount: 100 }));
    for (const body of [{ providerId: 'dinheiro' }, { cashAmount: 100 }]) {
      expect(expectRefusal(await payOnDelivery(body), 400).message).toBe(CHOOSE_ON_DELIVERY_TYPE_MESSAGE);
    }
    expect((await currentOrder()).payment).toMatchObject({ method: PaymentMethod.OnDelivery });
    expect((await sandbox.get('/api/order/cancel', { session: SHOPPER })).status).toBe(200);
    expectRefusal(await payOnDelivery({}), 409);
  });
});

describe('POST /api/order/pix/manual', () => {
  it("answers the shop's PIX key in manual payment mode and records a manual PIX payment", async () => {
    patchShopSettings(sandbox.db, { payment: { type: 'manual' } });
    expect(expectData('getManualPixKey', await manualPix())).toBe('pix@emporiobompreco.com.br');
    const order = expectData(
      'getCurrentOrder',
      await sandbox.get('/api/order/current', { session: SHOPPER }),
    );
    expect(order.payment).toMatchObject({
      method: PaymentMethod.Pix,
      providerType: PaymentProviderType.Manual,
    });
  });

  it('refuses when the shop charges PIX through its provider', async () => {
    expect(expectRefusal(await manualPix(), 400).message).toBe(
      'Esta loja recebe PIX pelo meio de pagamento dela, sem chave manual.',
    );
  });

  it('refuses when PIX is off, the order is empty, or finished', async () => {
    patchShopSettings(sandbox.db, { payment: { type: 'manual' } });
    expect(expectRefusal(await manualPix(OPERATOR), 400).message).toBe(
      'Seu pedido está vazio. Adicione produtos antes de continuar.',
    );
    expectRefusal(await sandbox.post('/api/order/pix/manual', { chave: 'x' }, { session: SHOPPER }), 400);
    expect((await sandbox.get('/api/order/cancel', { session: SHOPPER })).status).toBe(200);
    expectRefusal(await manualPix(), 409);
    patchShopRules(sandbox.db, '$.payment.enablePixPayment', false);
    expect(expectRefusal(await manualPix(OPERATOR), 400).message).toBe('Esta loja não aceita PIX.');
  });
});
