import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalItemQuantity } from '@/contract/index.ts';
import { OrderState, RecurrenceType, SessionType } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const operator = { session: 'demo-operator' };
const shopper = { session: 'demo-shopper' };
const anonymous = { session: 'anonymous-session' };

async function post(body: unknown, options = anonymous) {
  return sandbox.post('/api/order/items/', body, options);
}
const currentOrder = async (options = anonymous) =>
  expectData('getCurrentOrder', await sandbox.get('/api/order/current', options));

function emptyCart(session: string) {
  const order = sandbox.db
    .prepare<[string], { id: number }>('SELECT id FROM orders WHERE session_code = ? AND is_current = 1')
    .get(session);
  if (order) sandbox.db.prepare('DELETE FROM order_items WHERE order_id = ?').run(order.id);
}

describe('an item’s prices', () => {
  it('are its product’s: the rice’s list price struck above its price, the coffee’s promotion in place of its price', async () => {
    emptyCart('anonymous-session');
    await post({ providerId: '1001', quantity: 1 });
    const order = expectData('updateOrderItem', await post({ providerId: '1008', quantity: 1 }));
    const byId = new Map(order.items.map((item) => [item.providerId, item]));
    const [rice, coffee] = await Promise.all(
      ['1001', '1008'].map(async (id) =>
        expectData('getProduct', await sandbox.get(`/api/catalog/products/${id}`, anonymous)),
      ),
    );
    expect(rice).toMatchObject({ price: 27.9, listPrice: 32.9, promotionalPrice: null });
    expect(byId.get('1001')).toMatchObject({
      unitPrice: 27.9,
      listPrice: 32.9,
      promotionalPrice: null,
      totalAmout: 27.9,
    });
    expect(coffee).toMatchObject({ price: 18.9, listPrice: null, promotionalPrice: 16.49 });
    expect(byId.get('1008')).toMatchObject({
      unitPrice: 18.9,
      listPrice: null,
      promotionalPrice: 16.49,
      totalAmout: 16.49,
    });
    // The list price is shown, never charged: the subtotal is at the products' prices.
    expect(order.itemsAmout).toBe(46.8);
    expect(order.totalAmout).toBe(44.39);
  });

  it('of a seeded cart carry the list price too', async () => {
    const order = await currentOrder({ session: 'demo-shopper' });
    const rice = order.items.find((item) => item.providerId === '1001');
    expect(rice).toMatchObject({ unitPrice: 27.9, listPrice: 32.9 });
  });
});

describe('POST /api/order/items/', () => {
  it('adds a product with the price of the catalogue, whatever price the client has in mind', async () => {
    emptyCart('anonymous-session');
    const order = expectData('updateOrderItem', await post({ providerId: '1001', quantity: 2 }));
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({
      providerId: '1001',
      quantity: 2,
      unitPrice: 27.9,
      totalAmout: 55.8,
    });
    expect(order.itemsAmout).toBe(55.8);
    expect(order.totalAmout).toBe(55.8);
  });

  it('adds to the quantity of the same product when added again from the catalogue', async () => {
    const order = expectData('updateOrderItem', await post({ providerId: '1001', quantity: 1 }));
    expect(order.items).toHaveLength(1);
    expect(order.items[0]?.quantity).toBe(3);
  });

  it('sets the quantity of a line by its index, and removes it with quantity 0', async () => {
    const before = await currentOrder();
    const index = String(before.items[0]?.index);
    const changed = expectData('updateOrderItem', await post({ index, providerId: '1001', quantity: 5 }));
    expect(changed.items[0]?.quantity).toBe(5);
    expect(totalItemQuantity(changed)).toBe(5);
    const removed = expectData('updateOrderItem', await post({ index, providerId: '1001', quantity: 0 }));
    expect(removed.items).toEqual([]);
    expect(removed.totalAmout).toBe(0);
  });

  it('counts a promotional price in the discount and the total', async () => {
    emptyCart('anonymous-session');
    const order = expectData('updateOrderItem', await post({ providerId: '1008', quantity: 2 }));
    expect(order.items[0]).toMatchObject({ unitPrice: 18.9, promotionalPrice: 16.49, totalAmout: 32.98 });
    expect(order).toMatchObject({ itemsAmout: 37.8, discountAmout: 4.82, totalAmout: 32.98 });
  });

  it.each([
    ['a negative quantity', { providerId: '1001', quantity: -1 }],
    ['a fractional quantity', { providerId: '1001', quantity: 1.5 }],
    ['a quantity as text', { providerId: '1001', quantity: '2' }],
    ['no product', { quantity: 1 }],
    ['an index that is not a number', { index: 'primeiro', providerId: '1001', quantity: 1 }],
    ['an unknown field', { providerId: '1001', quantity: 1, price: 0.01 }],
    [
      'a subscription with an unknown recurrence',
      { providerId: '1001', quantity: 1, subscription: { recurrence: { type: 99, frequency: 1 } } },
    ],
  ])('refuses %s with a 400 and leaves the order as it was', async (_name, body) => {
    const before = await currentOrder();
    expectRefusal(await post(body), 400);
    expect(await currentOrder()).toEqual(before);
  });

  it('refuses an unknown product with a 404', async () => {
    const error = expectRefusal(await post({ providerId: '999999', quantity: 1 }), 404);
    expect(error.message).toBe('Produto não encontrado.');
  });

  it('refuses an index that is not in the order with a 404', async () => {
    expectRefusal(await post({ index: '77', providerId: '1001', quantity: 1 }), 404);
  });

  it('refuses an index whose line holds another product', async () => {
    const order = await currentOrder();
    const index = String(order.items[0]?.index);
    expectRefusal(await post({ index, providerId: '1001', quantity: 1 }), 400);
  });

  it('refuses a subscription the product does not offer', async () => {
    const answer = await post({
      providerId: '1001',
      quantity: 1,
      subscription: { recurrence: { type: RecurrenceType.Weekly, frequency: 3 } },
    });
    expect(expectRefusal(answer, 400).message).toBe('Esta assinatura não está disponível para este produto.');
  });

  it('refuses a restricted-sale product to a shopper when the shop disables restricted sales', async () => {
    const error = expectRefusal(await post({ providerId: '2006', quantity: 1 }, shopper), 403);
    expect(error.message).toMatch(/venda restrita/);
  });

  it('lets an operator add a restricted-sale product', async () => {
    const order = expectData('updateOrderItem', await post({ providerId: '2006', quantity: 1 }, operator));
    expect(order.items.some((i) => i.providerId === '2006')).toBe(true);
  });
});

describe('order limits in catalogErrorMessages', () => {
  it('reports the minimum order value while the subtotal is below it', async () => {
    emptyCart('anonymous-session');
    const order = expectData('updateOrderItem', await post({ providerId: '1002', quantity: 1 }));
    expect(order.catalogErrorMessages).toContain('O valor mínimo do seu pedido é R$\u00a025,00');
    const enough = expectData('updateOrderItem', await post({ providerId: '1002', quantity: 3 }));
    expect(enough.catalogErrorMessages).toEqual([]);
  });

  it('reports more items than the shop allows, in the spec’s words', async () => {
    sandbox.db
      .prepare(
        "UPDATE shops SET rules = json_set(rules, '$.limits.maxItemsAmout', 5, '$.limits.maxDistinctItems', 1)",
      )
      .run();
    try {
      const order = expectData('updateOrderItem', await post({ providerId: '1001', quantity: 2 }));
      expect(order.logistic).toMatchObject({ maxItemsAmout: 5, maxDistinctItems: 1 });
      expect(order.catalogErrorMessages).toEqual([
        'O máximo de itens distintos do seu pedido é 1',
        'O máximo de itens do seu pedido é 5',
      ]);
    } finally {
      sandbox.db
        .prepare(
          "UPDATE shops SET rules = json_set(rules, '$.limits.maxItemsAmout', 100, '$.limits.maxDistinctItems', 30)",
        )
        .run();
    }
  });
});

describe('an order that was confirmed', () => {
  it('is not changed by an item update: the update starts the next order', async () => {
    const first = await currentOrder(shopper);
    sandbox.db
      .prepare('UPDATE orders SET status = ? WHERE id = ?')
      .run(OrderState.Received, Number(first.id));
    const next = expectData('updateOrderItem', await post({ providerId: '1002', quantity: 1 }, shopper));
    expect(next.id).not.toBe(first.id);
    expect(next.items.map((i) => i.providerId)).toEqual(['1002']);
    const old = sandbox.db
      .prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM order_items WHERE order_id = ?')
      .get(Number(first.id));
    expect(old?.n).toBe(first.items.length);
  });
});

describe('POST /api/order/items/ with the seller step and no store chosen', () => {
  const CHOOSE_STORE_FIRST = 'Selecione a loja que deseja comprar para liberar os produtos.';
  /** A fresh copy of demo-lojas: an operator, the seller step, 1 rice and 2 coffees, no store. */
  async function lojas() {
    const answer = await sandbox.post('/api/sandbox/sessions', { from: 'demo-lojas' });
    const { code } = (answer.body as { data: { code: string } }).data;
    const session = { session: code };
    const order = await currentOrder(session);
    const lineOf = (id: string) => {
      const line = order.items.find((item) => item.providerId === id);
      if (!line) throw new Error(`demo-lojas starts with ${id} in the cart`);
      return line;
    };
    return { session, rice: lineOf('1001'), coffee: lineOf('1008') };
  }
  const quantities = async (session: { session: string }) =>
    (await currentOrder(session)).items.map((item) => [item.providerId, item.quantity]);

  it.each([
    [
      'more units of a line',
      (rice: { index: number }) => ({ index: String(rice.index), providerId: '1001', quantity: 2 }),
    ],
    ['the same product again', () => ({ providerId: '1001', quantity: 1 })],
    ['a new product', () => ({ providerId: '1002', quantity: 1 })],
    [
      'a subscription',
      () => ({
        providerId: '1008',
        quantity: 1,
        subscription: { recurrence: { type: RecurrenceType.Monthly, frequency: 1 } },
      }),
    ],
  ])('refuses %s with 409 and the spec’s sentence, changing nothing', async (_what, body) => {
    const { session, rice } = await lojas();
    const error = expectRefusal(await post(body(rice), session), 409);
    expect(error.message).toBe(CHOOSE_STORE_FIRST);
    expect(await quantities(session)).toEqual([
      ['1001', 1],
      ['1008', 2],
    ]);
  });

  it('takes units out, takes a line out, and keeps a line as it is', async () => {
    const { session, rice, coffee } = await lojas();
    expectData(
      'updateOrderItem',
      await post({ index: String(coffee.index), providerId: '1008', quantity: 2 }, session),
    );
    expectData(
      'updateOrderItem',
      await post({ index: String(coffee.index), providerId: '1008', quantity: 1 }, session),
    );
    expectData('updateOrderItem', await post({ providerId: '1001', quantity: 0 }, session));
    expect(await quantities(session)).toEqual([['1008', 1]]);
    expect(rice.quantity).toBe(1);
  });

  it('adds again once the store is chosen', async () => {
    const { session, rice } = await lojas();
    expectData(
      'setSeller',
      await sandbox.post('/api/order/seller/', { providerId: 'vendedor-pinheiros' }, session),
    );
    const order = expectData(
      'updateOrderItem',
      await post({ index: String(rice.index), providerId: '1001', quantity: 3 }, session),
    );
    expect(order.items.find((item) => item.providerId === '1001')?.quantity).toBe(3);
  });

  it('does not lock a contact of a shop with the seller step (the step is the operator’s)', async () => {
    const { session, rice } = await lojas();
    sandbox.db
      .prepare('UPDATE sessions SET session_type = ? WHERE code = ?')
      .run(SessionType.Contact, session.session);
    const order = expectData(
      'updateOrderItem',
      await post({ index: String(rice.index), providerId: '1001', quantity: 2 }, session),
    );
    expect(order.items.find((item) => item.providerId === '1001')?.quantity).toBe(2);
  });
});
