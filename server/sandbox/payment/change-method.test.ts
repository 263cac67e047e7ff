// GET /api/order/payment/update over real HTTP: the current payment is Canceled so the contact can
// choose another method on the chat.
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentMethod, PaymentStatus } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { openTestSession } from '../testing/fixtures.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const CART = [{ productId: '1001', quantity: 1 }];
const update = (session?: string) =>
  sandbox.get('/api/order/payment/update', session === undefined ? {} : { session });
const chooseInstallments = (session: string) =>
  sandbox.post(
    '/api/order/payment/credit/installments',
    { providerId: 'cartao-loja', installments: 2 },
    { session },
  );

describe('GET /api/order/payment/update', () => {
  it('cancels the payment under way: the order shows it Canceled, with no failure or captcha left', async () => {
    const session = openTestSession(sandbox.db, 'troca-1', { items: CART });
    expectData('setInstallments', await chooseInstallments(session));
    expect(expectData('changePaymentMethod', await update(session))).toEqual({
      status: PaymentStatus.Canceled,
    });
    const order = expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session }));
    expect(order.payment).toMatchObject({
      method: PaymentMethod.CreditCard,
      status: PaymentStatus.Canceled,
      failureType: null,
    });
    expect(order.recaptchaKey).toBeNull();
    // Asking again changes nothing and answers the same.
    expect(expectData('changePaymentMethod', await update(session))).toEqual({
      status: PaymentStatus.Canceled,
    });
  });

  it('a new choice after the change starts a new Waiting payment', async () => {
    const session = openTestSession(sandbox.db, 'troca-2', { items: CART });
    expectData('setInstallments', await chooseInstallments(session));
    expectData('changePaymentMethod', await update(session));
    const order = expectData('setInstallments', await chooseInstallments(session));
    expect(order.payment).toMatchObject({ status: PaymentStatus.Waiting });
  });

  it('refuses (409) an order with no payment chosen yet', async () => {
    const refusal = expectRefusal(await update('demo-shopper'), 409);
    expect(refusal.message).toBe(
      'Erro ao atualizar o método de pagamento: este pedido ainda não tem forma de pagamento escolhida.',
    );
  });

  it('refuses (409) a paid order and (401) a call without session', async () => {
    const session = openTestSession(sandbox.db, 'troca-3', { items: CART });
    const paid = await sandbox.post(
      '/api/order/payment/credit',
      {
        providerId: 'cartao-loja',
        installments: 1,
        number: '4111111111111111',
        name: 'TITULAR',
        securityCode: '123',
        expiryMonth: '12',
        expiryYear: String(new Date().getUTCFullYear() + 2),
        document: '529.982.247-25',
        zipCode: '01310-200',
        address: 'Avenida Paulista',
        addressNumber: '1578',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
      { session },
    );
    expect(paid.status, paid.text).toBe(200);
    expect(expectRefusal(await update(session), 409).message).toBe(
      'Este pedido já foi pago e a forma de pagamento não pode mais ser alterada.',
    );
    expectRefusal(await update(), 401);
  });
});
