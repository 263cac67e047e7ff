// Coupons, the operator's manual discount, price tables and gifts: what each does to the order.
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PRICE_TABLE_ID } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { patchShopSettings } from '../testing/fixtures.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const shopper = { session: 'demo-shopper' };
const operator = { session: 'demo-operator' };

const currentOrder = async (options = shopper) =>
  expectData('getCurrentOrder', await sandbox.get('/api/order/current', options));

function setCart(session: string, items: readonly { providerId: string; quantity: number }[]) {
  return async () => {
    const order = await currentOrder({ session });
    sandbox.db.prepare('DELETE FROM order_items WHERE order_id = ?').run(Number(order.id));
    sandbox.db.prepare("UPDATE orders SET checkout = '{}' WHERE id = ?").run(Number(order.id));
    for (const item of items) {
      expectData('updateOrderItem', await sandbox.post('/api/order/items/', item, { session }));
    }
  };
}

describe('POST /api/order/coupon/', () => {
  // 2 × Café Pilão (16,49) + Arroz (27,90): items 65,70, after promotions 60,88
  beforeEach(
    setCart('demo-shopper', [
      { providerId: '1008', quantity: 2 },
      { providerId: '1001', quantity: 1 },
    ]),
  );

  it('takes 10 % off the items with BEMVINDO10, typed in any case', async () => {
    const order = expectData(
      'applyCoupon',
      await sandbox.post('/api/order/coupon/?coupon=%20bemvindo10%20', undefined, shopper),
    );
    expect(order.coupon).toBe('BEMVINDO10');
    // 10 % of 60,88 = 6,09 (rounded half up); discount = 4,82 promotions + 6,09
    expect(order).toMatchObject({ itemsAmout: 65.7, discountAmout: 10.91, totalAmout: 54.79 });
  });

  it('removes the coupon when the field is sent empty', async () => {
    await sandbox.post('/api/order/coupon/?coupon=BEMVINDO10', undefined, shopper);
    const order = expectData(
      'applyCoupon',
      await sandbox.post('/api/order/coupon/?coupon=', undefined, shopper),
    );
    expect(order.coupon ?? null).toBeNull();
    expect(order.totalAmout).toBe(60.88);
  });

  it('refuses an unknown or expired coupon with a message and leaves the order as it was', async () => {
    const before = await currentOrder();
    for (const code of ['QUALQUERCOISA', 'NATAL2024']) {
      const error = expectRefusal(
        await sandbox.post(`/api/order/coupon/?coupon=${code}`, undefined, shopper),
        400,
      );
      expect(error.message).toBe(`O cupom ${code} é inválido ou expirou.`);
    }
    expect(await currentOrder()).toEqual(before);
  });

  it('refuses a coupon below its minimum order, saying the minimum counts the subtotal', async () => {
    const error = expectRefusal(
      await sandbox.post('/api/order/coupon/?coupon=FEIRA15', undefined, shopper),
      400,
    );
    expect(error.message).toBe('O cupom FEIRA15 vale para pedidos com subtotal a partir de R$\u00a0200,00.');
  });

  it('takes FEIRA15 when the Subtotal row shows R$ 207,90, though promotions bring the items to R$ 181,39', async () => {
    await setCart('demo-shopper', [{ providerId: '1008', quantity: 11 }])();
    const before = await currentOrder();
    expect(before).toMatchObject({ itemsAmout: 207.9, totalAmout: 181.39 });
    const order = expectData(
      'applyCoupon',
      await sandbox.post('/api/order/coupon/?coupon=FEIRA15', undefined, shopper),
    );
    expect(order.coupon).toBe('FEIRA15');
    // 15 % of the items after promotions (181,39) = 27,21
    expect(order).toMatchObject({ itemsAmout: 207.9, totalAmout: 154.18 });
  });

  it('refuses FEIRA15 at a Subtotal of R$ 198,00 (R$ 2,00 short)', async () => {
    await setCart('demo-shopper', [
      { providerId: '1008', quantity: 9 },
      { providerId: '1001', quantity: 1 },
    ])();
    expect((await currentOrder()).itemsAmout).toBe(198);
    const error = expectRefusal(
      await sandbox.post('/api/order/coupon/?coupon=FEIRA15', undefined, shopper),
      400,
    );
    expect(error.message).toBe('O cupom FEIRA15 vale para pedidos com subtotal a partir de R$\u00a0200,00.');
    expect((await currentOrder()).coupon ?? null).toBeNull();
  });

  it('removes the applied coupon when the field is sent blank, and keeps it when another is refused', async () => {
    expectData('applyCoupon', await sandbox.post('/api/order/coupon/?coupon=BEMVINDO10', undefined, shopper));
    expectRefusal(await sandbox.post('/api/order/coupon/?coupon=FEIRA15', undefined, shopper), 400);
    expect((await currentOrder()).coupon).toBe('BEMVINDO10');
    const order = expectData(
      'applyCoupon',
      await sandbox.post('/api/order/coupon/?coupon=%20%20', undefined, shopper),
    );
    expect(order.coupon ?? null).toBeNull();
    expect(order.totalAmout).toBe(60.88);
  });

  it('refuses a missing coupon parameter and coupons in a shop that does not take them', async () => {
    expectRefusal(await sandbox.post('/api/order/coupon/', undefined, shopper), 400);
    patchShopSettings(sandbox.db, { canUseCoupon: false });
    try {
      expectRefusal(await sandbox.post('/api/order/coupon/?coupon=BEMVINDO10', undefined, shopper), 403);
    } finally {
      patchShopSettings(sandbox.db, { canUseCoupon: true });
    }
  });
});

describe('POST /api/order/discount', () => {
  beforeEach(setCart('demo-operator', [{ providerId: '1001', quantity: 2 }]));

  it('lets an operator give a manual discount when the shop enables manual prices', async () => {
    patchShopSettings(sandbox.db, { enableManualPrices: true });
    try {
      const order = expectData(
        'applyDiscount',
        await sandbox.post('/api/order/discount?discount=5.5', undefined, operator),
      );
      expect(order).toMatchObject({ itemsAmout: 55.8, discountAmout: 5.5, totalAmout: 50.3 });
      const cleared = expectData(
        'applyDiscount',
        await sandbox.post('/api/order/discount?discount=0', undefined, operator),
      );
      expect(cleared.totalAmout).toBe(55.8);
    } finally {
      patchShopSettings(sandbox.db, { enableManualPrices: false });
    }
  });

  it('refuses a discount above the items, a negative one, a shopper and a shop without manual prices', async () => {
    expectRefusal(await sandbox.post('/api/order/discount?discount=5', undefined, operator), 403);
    patchShopSettings(sandbox.db, { enableManualPrices: true });
    try {
      expectRefusal(await sandbox.post('/api/order/discount?discount=55.81', undefined, operator), 400);
      expectRefusal(await sandbox.post('/api/order/discount?discount=-1', undefined, operator), 400);
      expectRefusal(await sandbox.post('/api/order/discount?discount=abc', undefined, operator), 400);
      expectRefusal(await sandbox.post('/api/order/discount?discount=1', undefined, shopper), 403);
    } finally {
      patchShopSettings(sandbox.db, { enableManualPrices: false });
    }
    expect((await currentOrder(operator)).totalAmout).toBe(55.8);
  });
});

describe('price tables', () => {
  beforeEach(setCart('demo-operator', [{ providerId: '1001', quantity: 2 }]));

  it('lists the shop’s price tables', async () => {
    const tables = expectData('listPriceTables', await sandbox.get('/api/order/price-tables', operator));
    expect(tables.map((t) => t.id)).toEqual(['atacado', 'funcionarios']);
  });

  it('refuses the list without a session, or for a session without a shop', async () => {
    expectRefusal(await sandbox.get('/api/order/price-tables'), 401);
    expectRefusal(await sandbox.get('/api/order/price-tables', { session: 'no-shop-session' }), 404);
    expectRefusal(await sandbox.get('/api/order/price-tables?pagina=2', operator), 400);
  });

  it('reprices the items with the chosen table and back with "none"', async () => {
    const order = expectData(
      'setPriceTable',
      await sandbox.post('/api/order/price-tables/atacado', undefined, operator),
    );
    expect(order.providerPriceTableId).toBe('atacado');
    // 27,90 − 5 % = 26,505 → 26,51; the "De" price with it: 32,90 − 5 % = 31,255 → 31,26.
    expect(order.items[0]).toMatchObject({ unitPrice: 26.51, listPrice: 31.26, totalAmout: 53.02 });
    const back = expectData(
      'setPriceTable',
      await sandbox.post(`/api/order/price-tables/${NO_PRICE_TABLE_ID}`, undefined, operator),
    );
    expect(back.providerPriceTableId ?? null).toBeNull();
    expect(back.totalAmout).toBe(55.8);
  });

  it('refuses an unknown table and a shopper choosing one', async () => {
    expectRefusal(await sandbox.post('/api/order/price-tables/varejo-vip', undefined, operator), 404);
    expectRefusal(await sandbox.post('/api/order/price-tables/atacado', undefined, shopper), 403);
  });
});

describe('gifts', () => {
  it('offers no gift group below R$ 100,00 and refuses choosing one', async () => {
    await setCart('demo-shopper', [{ providerId: '1001', quantity: 1 }])();
    expect((await currentOrder()).gifts).toEqual([]);
    const answer = await sandbox.post(
      '/api/order/gift/',
      { id: 'brinde-100', selectedGifts: [{ id: '7004', index: 0 }] },
      shopper,
    );
    expect(expectRefusal(answer, 400).message).toBe(
      'Os brindes ficam disponíveis para pedidos a partir de R$\u00a0100,00.',
    );
  });

  it('offers the group from R$ 100,00, adds the chosen gift free, and drops it when the order shrinks', async () => {
    await setCart('demo-shopper', [{ providerId: '1001', quantity: 4 }])();
    const order = await currentOrder();
    expect(order.gifts).toEqual([
      expect.objectContaining({ id: 'brinde-100', availableQuantity: 1, selectedGifts: [] }),
    ]);
    expect(order.gifts?.[0]?.availableGifts?.map((g) => g.id)).toEqual(['7004', '8001']);

    const withGift = expectData(
      'updateGifts',
      await sandbox.post(
        '/api/order/gift/',
        { id: 'brinde-100', selectedGifts: [{ id: '8001', index: 1 }] },
        shopper,
      ),
    );
    const gift = withGift.items.find((i) => i.isGift);
    expect(gift).toMatchObject({ providerId: '8001', quantity: 1, unitPrice: 0, totalAmout: 0 });
    expect(withGift.totalAmout).toBe(order.totalAmout);
    expect(withGift.gifts?.[0]?.selectedGifts).toEqual([expect.objectContaining({ id: '8001', index: 1 })]);

    // A gift cannot be removed like an item…
    const giftIndex = String(gift?.index);
    expectRefusal(
      await sandbox.post('/api/order/items/', { index: giftIndex, providerId: '8001', quantity: 0 }, shopper),
      400,
    );
    // …but goes away when the order falls below the threshold.
    const arroz = withGift.items.find((i) => i.providerId === '1001');
    const smaller = expectData(
      'updateOrderItem',
      await sandbox.post(
        '/api/order/items/',
        { index: String(arroz?.index), providerId: '1001', quantity: 1 },
        shopper,
      ),
    );
    expect(smaller.items.some((i) => i.isGift)).toBe(false);
    expect(smaller.gifts).toEqual([]);
  });

  it('says how much the items lack for the next gift (nextGift, after promotions), and nothing once reached', async () => {
    // 1 Arroz: R$ 27,90 after its promotion; the gift starts at R$ 100,00.
    await setCart('demo-shopper', [{ providerId: '1001', quantity: 1 }])();
    expect((await currentOrder()) as { nextGift?: unknown }).toMatchObject({
      nextGift: { missingAmount: 72.1 },
    });
    await setCart('demo-shopper', [{ providerId: '1001', quantity: 4 }])();
    expect(((await currentOrder()) as { nextGift?: unknown }).nextGift).toBeNull();
  });

  it('refuses more gifts than the group allows, a gift of another group and an unknown group', async () => {
    await setCart('demo-shopper', [{ providerId: '1001', quantity: 4 }])();
    const two = {
      id: 'brinde-100',
      selectedGifts: [
        { id: '7004', index: 0 },
        { id: '8001', index: 1 },
      ],
    };
    expect(expectRefusal(await sandbox.post('/api/order/gift/', two, shopper), 400).message).toBe(
      'Você pode escolher apenas 1 brinde.',
    );
    expectRefusal(
      await sandbox.post(
        '/api/order/gift/',
        { id: 'brinde-100', selectedGifts: [{ id: '1001', index: 0 }] },
        shopper,
      ),
      400,
    );
    expectRefusal(
      await sandbox.post('/api/order/gift/', { id: 'brinde-999', selectedGifts: [] }, shopper),
      404,
    );
    expectRefusal(await sandbox.post('/api/order/gift/', { id: 'brinde-100' }, shopper), 400);
  });
});
