// Scenario payments written on seeded orders: the order shows them as the card page expects.
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderState, PaymentMethod, PaymentProviderType, PaymentStatus } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { currentOrderId, openTestSession } from '../testing/fixtures.ts';
import { paymentScenarioSnapshot, seedPaymentScenario } from './scenarios.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const CART = [{ productId: '1001', quantity: 1 }];
const orderOf = async (session: string) =>
  expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session }));

function scenario(code: string, name: Parameters<typeof seedPaymentScenario>[2]) {
  const session = openTestSession(sandbox.db, code, { items: CART });
  const orderId = currentOrderId(sandbox.db, session);
  seedPaymentScenario(sandbox.db, orderId, name);
  return { session, orderId };
}

describe('seedPaymentScenario', () => {
  it('pagbrasil-link: PagBrasil, Waiting, a link to its page; the card page is refused', async () => {
    const { session, orderId } = scenario('cenario-link', 'pagbrasil-link');
    expect((await orderOf(session)).payment).toEqual({
      method: PaymentMethod.Link,
      providerType: PaymentProviderType.PagBrasil,
      link: `https://pagamento.exemplo.com.br/pagbrasil/${orderId}`,
      status: PaymentStatus.Waiting,
      failureType: null,
      providerId: null,
      installments: null,
      onDelivery: null,
    });
    const refusal = await sandbox.post(
      '/api/order/payment/credit/installments',
      { providerId: 'cartao-loja', installments: 1 },
      { session },
    );
    expectRefusal(refusal, 409);
  });

  it('pagbrasil-link-expired: the same link, Expired', async () => {
    const { session } = scenario('cenario-expirado', 'pagbrasil-link-expired');
    expect((await orderOf(session)).payment).toMatchObject({
      providerType: PaymentProviderType.PagBrasil,
      status: PaymentStatus.Expired,
    });
  });

  it('mercadopago-brick: Mercado Pago without a link, and the brick pays it', async () => {
    const { session } = scenario('cenario-mp', 'mercadopago-brick');
    expect((await orderOf(session)).payment).toMatchObject({
      method: PaymentMethod.CreditCard,
      providerType: PaymentProviderType.MercadoPago,
      link: null,
      status: PaymentStatus.Waiting,
    });
    const paid = await sandbox.post(
      '/api/order/payment/mercadoPago',
      { token: 'APRO', payment_method_id: 'master', installments: 1 },
      { session },
    );
    expect(expectData('payWithMercadoPago', paid).status).toBe(PaymentStatus.Paid);
  });

  it('card-paid: a paid card payment and a Received order', async () => {
    const { session } = scenario('cenario-pago', 'card-paid');
    const order = await orderOf(session);
    expect(order.status).toBe(OrderState.Received);
    expect(order.payment).toMatchObject({
      status: PaymentStatus.Paid,
      providerId: 'cartao-loja',
      installments: 3,
    });
  });

  it('refuses an order that does not exist', () => {
    expect(() => seedPaymentScenario(sandbox.db, 999_999, 'pagbrasil-link')).toThrow(/não existe/);
    expect(paymentScenarioSnapshot('pagbrasil-link', 7).link).toBe(
      'https://pagamento.exemplo.com.br/pagbrasil/7',
    );
  });
});
