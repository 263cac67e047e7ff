// Each scenario session of the README opens in the situation it promises.
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_RESTRICTED_MESSAGE } from '../checkout/logistic-options.ts';
import {
  Channel,
  FlowStep,
  OrderState,
  PaymentMethod,
  PaymentProviderType,
  SessionType,
} from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { SCENARIO_SESSIONS, SHIPPING_RESTRICTED_PRODUCT_ID } from './scenarios.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const open = async (code: string) => expectData('getSession', await sandbox.get(`/api/session/${code}`));
const settingsOf = async (session: string) =>
  expectData('getShopSettings', await sandbox.get('/api/shop/settings', { session }));
const orderOf = async (session: string) =>
  expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session }));

describe('scenario sessions', () => {
  it.each(SCENARIO_SESSIONS.map((s) => s.code))(
    '%s opens with shop data, the catalogue and a cart',
    async (code) => {
      const session = await open(code);
      expect(session.userShop?.customer).toBeTruthy();
      const categories = expectData(
        'listCategories',
        await sandbox.get('/api/catalog/categories', { session: code }),
      );
      expect(categories.length).toBeGreaterThanOrEqual(8);
      expect((await orderOf(code)).items.length).toBeGreaterThan(0);
    },
  );

  it('demo-lojas: an operator whose shop has the seller and schedule steps', async () => {
    expect((await open('demo-lojas')).sessionType).toBe(SessionType.PlatformUser);
    const settings = await settingsOf('demo-lojas');
    expect(settings.steps).toEqual(expect.arrayContaining([FlowStep.Seller, FlowStep.Schedule]));
    expect(settings.showSellerOptions).toBe(true);
  });

  it('demo-pagamento-manual: manual payment with a custom method among the payment options', async () => {
    expect((await settingsOf('demo-pagamento-manual')).payment?.type).toBe('manual');
    const options = expectData(
      'listPaymentOptions',
      await sandbox.get('/api/order/payments/', { session: 'demo-pagamento-manual' }),
    );
    expect(options).toContainEqual(
      expect.objectContaining({ method: PaymentMethod.Custom, name: 'Transferência bancária' }),
    );
  });

  it('demo-cnpj: the shop asks for company data', async () => {
    expect((await settingsOf('demo-cnpj')).enableCnpj).toBe(true);
  });

  it('demo-sem-cobranca: the shop does not charge orders', async () => {
    expect((await settingsOf('demo-sem-cobranca')).disableChargeOrders).toBe(true);
  });

  it('demo-messenger: a shopper on Messenger', async () => {
    expect((await open('demo-messenger')).channelType).toBe(Channel.Messenger);
  });

  it('demo-instagram: a shopper on Instagram', async () => {
    expect((await open('demo-instagram')).channelType).toBe(Channel.Instagram);
  });

  it('demo-pedido-recebido: an order already Received', async () => {
    expect((await orderOf('demo-pedido-recebido')).status).toBe(OrderState.Received);
  });

  it('demo-limites: small limits the cart breaks, listed as problems', async () => {
    const order = await orderOf('demo-limites');
    expect(order.logistic).toMatchObject({ maxDistinctItems: 3, maxItemsAmout: 10 });
    expect(order.catalogErrorMessages).toEqual([
      'O máximo de itens distintos do seu pedido é 3',
      'O máximo de itens do seu pedido é 10',
    ]);
  });

  it('demo-precos-manuais: an operator with manual prices and discounts', async () => {
    expect((await settingsOf('demo-precos-manuais')).enableManualPrices).toBe(true);
    const order = expectData(
      'applyDiscount',
      await sandbox.post('/api/order/discount?discount=2', undefined, { session: 'demo-precos-manuais' }),
    );
    expect(order.discountAmout).toBeGreaterThanOrEqual(2);
  });

  it('demo-precos-manuais: no logistics configured, so the operator sets the freight by hand', async () => {
    const session = 'demo-precos-manuais';
    expect((await open(session)).sessionType).toBe(SessionType.PlatformUser);
    expect((await settingsOf(session)).logistics).toEqual([]);
    expectRefusal(await sandbox.get('/api/order/logistic/?type=0', { session }), 400);
    expectRefusal(await sandbox.get('/api/order/logistic/?type=1&code=01310-200', { session }), 400);
    const custom = expectData(
      'setManualLogistic',
      await sandbox.post(
        '/api/order/logistic/manual?code=01310-200',
        { addressIndex: 0, logistic: { type: 1, price: 12.5 } },
        { session },
      ),
    );
    expect(custom.logistic).toMatchObject({ price: 12.5 });
    const free = expectData(
      'setManualLogistic',
      await sandbox.post(
        '/api/order/logistic/manual',
        { logistic: { type: 0, price: 0, providerId: 'loja-centro' } },
        { session },
      ),
    );
    expect(free.logistic?.storePickUpAddress?.providerId).toBe('loja-centro');
  });

  it('demo-agendamento: a contact whose shop has the schedule step but no seller step', async () => {
    const session = 'demo-agendamento';
    const opened = await open(session);
    expect(opened.sessionType).toBe(SessionType.Contact);
    expect(opened.channelType).toBe(Channel.WhatsApp);
    const settings = await settingsOf(session);
    expect(settings.steps).toContain(FlowStep.Schedule);
    expect(settings.steps).not.toContain(FlowStep.Seller);
    expect(settings.showSellerOptions).toBe(false);
    const schedule = expectData('getSchedule', await sandbox.get('/api/order/schedule', { session }));
    expect(schedule.times?.length).toBeGreaterThan(0);
    expect((await orderOf(session)).items.map((i) => i.providerId)).toEqual(['1001', '1008']);
  });

  it('demo-retirada: a contact whose cart holds a product only for pick-up', async () => {
    const session = 'demo-retirada';
    expect((await open(session)).sessionType).toBe(SessionType.Contact);
    expect((await settingsOf(session)).allowShippingRestrictedProducts).toBe(false);
    const order = await orderOf(session);
    expect(order.items).toContainEqual(
      expect.objectContaining({ providerId: SHIPPING_RESTRICTED_PRODUCT_ID, hasShippingRestriction: true }),
    );
    expect(order.enablePickUp).toBe(true);
    const refusal = expectRefusal(
      await sandbox.get('/api/order/logistic/?type=1&code=01310-200&number=900', { session }),
      400,
    );
    expect(refusal.message).toBe(SHIPPING_RESTRICTED_MESSAGE);
    const pickUp = expectData(
      'listLogisticOptions',
      await sandbox.get('/api/order/logistic/?type=0', { session }),
    );
    expect(pickUp.length).toBeGreaterThan(0);
  });

  it('the stores list answers each store’s service tax', async () => {
    const stores = expectData(
      'listStores',
      await sandbox.get('/api/order/stores/', { session: 'demo-retirada' }),
    );
    expect(stores).toContainEqual(expect.objectContaining({ providerId: 'loja-centro', serviceTax: 2 }));
  });

  it('demo-link-pagamento: the order is paid on an external provider’s page', async () => {
    const { payment } = await orderOf('demo-link-pagamento');
    expect(payment?.providerType).toBe(PaymentProviderType.PagBrasil);
    expect(payment?.link).toMatch(/^https:\/\//);
  });

  it('demo-mercadopago: the order is paid with the Mercado Pago brick', async () => {
    const { payment } = await orderOf('demo-mercadopago');
    expect(payment).toMatchObject({ providerType: PaymentProviderType.MercadoPago, link: null });
    expect((await settingsOf('demo-mercadopago')).payment?.publicKey).toMatch(/^TEST-/);
  });
});
