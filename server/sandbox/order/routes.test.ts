import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_USER_MARKER, isAnonymousOrder, totalItemQuantity } from '@/contract/index.ts';
import { OrderState } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const cents = (reais: number | null | undefined) => Math.round((reais ?? 0) * 100);

async function currentOrder(session: string) {
  return expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session }));
}

describe('GET /api/order/current', () => {
  it("starts demo-shopper's order with two items, quantities 2 and 1 (badge 3)", async () => {
    const order = await currentOrder('demo-shopper');
    expect(order.status).toBe(OrderState.Creating);
    expect(order.items.map((i) => i.quantity)).toEqual([2, 1]);
    expect(totalItemQuantity(order)).toBe(3);
    for (const item of order.items) {
      expect(item).toMatchObject({
        index: expect.any(Number),
        providerId: expect.any(String),
        isGift: false,
      });
      expect(item.name).toBeTruthy();
      expect(item.images?.[0]?.url).toMatch(/^\/api\/sandbox\/media\//);
    }
    expect(isAnonymousOrder(order)).toBe(false);
    expect(order.isAnonymousUser).toBe(false);
  });

  it("computes demo-shopper's totals on the server from its items", async () => {
    const order = await currentOrder('demo-shopper');
    const itemsTotal = order.items.reduce((sum, i) => sum + cents(i.totalAmout), 0);
    const atUnitPrice = order.items.reduce((sum, i) => sum + cents(i.unitPrice) * i.quantity, 0);
    expect(cents(order.totalAmout)).toBe(itemsTotal);
    expect(cents(order.itemsAmout)).toBe(atUnitPrice);
    expect(cents(order.itemsAmout) - cents(order.discountAmout)).toBe(cents(order.totalAmout));
    for (const item of order.items) {
      const promo = cents(item.promotionalPrice);
      const unit = promo > 0 && promo < cents(item.unitPrice) ? promo : cents(item.unitPrice);
      expect(cents(item.totalAmout)).toBe(unit * item.quantity);
    }
    // A promotion applies to one of the seeded items, so there is a discount.
    expect(order.discountAmout).toBeGreaterThan(0);
  });

  it('reports the order limits and no catalogue errors', async () => {
    const order = await currentOrder('demo-shopper');
    expect(order.minOrderValue).toBeGreaterThan(0);
    expect(order.logistic).toMatchObject({
      maxDistinctItems: expect.any(Number),
      maxItemsAmout: expect.any(Number),
      orderMinPrice: expect.any(Number),
    });
    expect(order.catalogErrorMessages).toEqual([]);
    expect(order.enablePreferences).toBe(true);
    expect(order.userId).toBeTruthy();
  });

  it("creates demo-operator's order empty on first ask and answers the same order afterwards", async () => {
    const first = await currentOrder('demo-operator');
    expect(first.items).toEqual([]);
    expect(first).toMatchObject({ itemsAmout: 0, discountAmout: 0, totalAmout: 0 });
    const again = await currentOrder('demo-operator');
    expect(again.id).toBe(first.id);
  });

  it("marks anonymous-session's order as anonymous", async () => {
    const order = await currentOrder('anonymous-session');
    expect(order.userId).toContain(ANONYMOUS_USER_MARKER);
    expect(order.isAnonymousUser).toBe(true);
    expect(order.items).toEqual([]);
  });

  it('keeps one order per session: two sessions never share an order', async () => {
    const ids = await Promise.all(['demo-shopper', 'demo-operator', 'anonymous-session'].map(currentOrder));
    expect(new Set(ids.map((o) => o.id)).size).toBe(3);
  });

  it('creates one order even when the first asks arrive together', async () => {
    const fresh = await startTestSandbox();
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => fresh.get('/api/order/current', { session: 'demo-operator' })),
      );
      const ids = answers.map((a) => expectData('getCurrentOrder', a).id);
      expect(new Set(ids).size).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a session without shop data with a 404 envelope', async () => {
    expectRefusal(await sandbox.get('/api/order/current', { session: 'no-shop-session' }), 404);
  });
});
