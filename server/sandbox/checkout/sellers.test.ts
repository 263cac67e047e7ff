import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlowStep, PaymentMethod } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { patchShopSettings, SHOPPER, SHOPPER_CART_TOTAL } from '../testing/fixtures.ts';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(() => sandbox.close());

const SELLER_FLOW = [FlowStep.Start, FlowStep.Catalog, FlowStep.Seller, FlowStep.Schedule, FlowStep.Payment];

const listSellers = (query: string) => sandbox.get(`/api/order/seller/?${query}`, { session: SHOPPER });
const chooseSeller = (providerId: string) =>
  sandbox.post('/api/order/seller/', { providerId }, { session: SHOPPER });

describe('GET /api/order/seller/', () => {
  it('offers no seller when the shop has neither the seller step nor the store select', async () => {
    expect(expectData('listSellers', await listSellers('type=1&code=01310-200'))).toEqual([]);
  });

  it('lists the sellers serving the CEP with their service tax', async () => {
    patchShopSettings(sandbox.db, { steps: SELLER_FLOW });
    const sp = expectData('listSellers', await listSellers('type=1&code=01310-200&number=1578'));
    expect(sp).toEqual([
      expect.objectContaining({ providerId: 'vendedor-pinheiros', serviceTax: 0 }),
      expect.objectContaining({ providerId: 'vendedor-centro', serviceTax: 2 }),
    ]);
    const west = expectData('listSellers', await listSellers('type=1&code=05422001'));
    expect(west.map((s) => s.providerId)).toEqual(['vendedor-pinheiros']);
    const rio = expectData('listSellers', await listSellers('type=1&code=22021-001'));
    expect(rio).toEqual([expect.objectContaining({ providerId: 'vendedor-rio', serviceTax: 3.5 })]);
    // Pick-up: any store may be chosen.
    expect(expectData('listSellers', await listSellers('type=0'))).toHaveLength(3);
  });

  it('refuses a CEP no seller serves and a malformed query', async () => {
    patchShopSettings(sandbox.db, { showSellerOptions: true });
    const error = expectRefusal(await listSellers('type=1&code=69900-000'), 400);
    expect(error.message).toBe('Nenhuma loja atende o CEP 69900-000.');
    expectRefusal(await listSellers('type=2'), 400);
  });
});

describe('POST /api/order/seller/', () => {
  it("stores the seller and adds its 'Taxa de serviço' to the total", async () => {
    patchShopSettings(sandbox.db, { steps: SELLER_FLOW });
    const order = expectData('setSeller', await chooseSeller('vendedor-centro'));
    expect(order.seller).toMatchObject({ providerId: 'vendedor-centro', serviceTax: 2 });
    expect(order.totalAmout).toBeCloseTo(SHOPPER_CART_TOTAL + 2, 2);
  });

  it('resets the logistic, the schedule and the payment chosen for the previous seller', async () => {
    // Monday 6 January 2025, 09:00 in São Paulo: a fixed clock for the schedule.
    const app = await startTestSandbox({ now: () => new Date('2025-01-06T12:00:00Z') });
    try {
      patchShopSettings(app.db, { steps: SELLER_FLOW });
      const post = (path: string, body: unknown) => app.post(path, body, { session: SHOPPER });
      expectData('setSeller', await post('/api/order/seller/', { providerId: 'vendedor-pinheiros' }));
      expectData(
        'setLogistic',
        await post('/api/order/logistic/', { providerId: 'entrega-expressa-sp', type: 1, addressIndex: 0 }),
      );
      expectData('setSchedule', await post('/api/order/schedule', { day: '2025-01-07', startTime: '08:00' }));
      let order = expectData(
        'setPaymentOnDelivery',
        await post('/api/order/payment/delivery', {
          type: 'Cartão na entrega',
          providerId: 'maquininha-debito',
        }),
      );
      expect(order.logistic?.providerId).toBe('entrega-expressa-sp');
      expect(order.payment?.method).toBe(PaymentMethod.OnDelivery);
      expect((order as { schedule?: unknown }).schedule).toMatchObject({
        day: '2025-01-07',
        startTime: '08:00',
      });

      order = expectData('setSeller', await post('/api/order/seller/', { providerId: 'vendedor-centro' }));
      expect(order.seller?.providerId).toBe('vendedor-centro');
      expect(order.logistic?.providerId ?? null).toBeNull();
      expect(order.logistic?.price ?? null).toBeNull();
      expect(order.payment ?? null).toBeNull();
      expect((order as { schedule?: unknown }).schedule ?? null).toBeNull();
      expect(order.totalAmout).toBeCloseTo(SHOPPER_CART_TOTAL + 2, 2);
    } finally {
      await app.close();
    }
  });

  it('refuses an unknown seller (404) and seller choice in a shop without it (400)', async () => {
    expect(expectRefusal(await chooseSeller('vendedor-pinheiros'), 400).message).toBe(
      'Esta loja não oferece a escolha da loja de atendimento.',
    );
    patchShopSettings(sandbox.db, { steps: SELLER_FLOW });
    expectRefusal(await chooseSeller('vendedor-marte'), 404);
    expectRefusal(await sandbox.post('/api/order/seller/', { providerId: '' }, { session: SHOPPER }), 400);
  });

  it('refuses a seller change on a received order (409)', async () => {
    patchShopSettings(sandbox.db, { steps: SELLER_FLOW });
    expect((await sandbox.get('/api/order/confirm', { session: SHOPPER })).status).toBe(200);
    expectRefusal(await chooseSeller('vendedor-centro'), 409);
  });
});
