import { describe, expect, it } from 'vitest';
import type { OrderItem } from '@/contract/order.ts';
import { type OrderForProblems, orderProblems } from './order-problems.ts';

const NBSP = '\u00A0';

const item = (index: number, quantity: number, extra: Partial<OrderItem> = {}): OrderItem => ({
  index,
  providerId: `p${index}`,
  quantity,
  ...extra,
});

const order = (overrides: Partial<OrderForProblems> = {}): OrderForProblems => ({
  items: [item(0, 1)],
  itemsAmout: 100,
  minOrderValue: 0,
  logistic: {},
  catalogErrorMessages: [],
  ...overrides,
});

describe('orderProblems', () => {
  it('lists nothing for an order within every limit', () => {
    expect(
      orderProblems(
        order({
          minOrderValue: 50,
          logistic: { maxDistinctItems: 3, maxItemsAmout: 10, orderMinPrice: 50 },
        }),
      ),
    ).toEqual([]);
  });

  it('lists a subtotal below the minimum order value, in BRL', () => {
    expect(orderProblems(order({ itemsAmout: 30, minOrderValue: 50 }))).toEqual([
      `O valor mínimo do seu pedido é R$${NBSP}50,00`,
    ]);
  });

  it('accepts a subtotal exactly at the minimum, compared in cents', () => {
    expect(orderProblems(order({ itemsAmout: 0.1 + 0.2, minOrderValue: 0.3 }))).toEqual([]);
    expect(orderProblems(order({ itemsAmout: 50, minOrderValue: 50 }))).toEqual([]);
  });

  it('lists more distinct items than allowed, counting only non-gift lines', () => {
    const items = [item(0, 1), item(1, 1), item(2, 1, { isGift: true })];
    expect(orderProblems(order({ items, logistic: { maxDistinctItems: 2 } }))).toEqual([]);
    expect(orderProblems(order({ items, logistic: { maxDistinctItems: 1 } }))).toEqual([
      'O máximo de itens distintos do seu pedido é 1',
    ]);
  });

  it('lists a total quantity above the maximum, gifts left out', () => {
    const items = [item(0, 4), item(1, 6), item(2, 3, { isGift: true })];
    expect(orderProblems(order({ items, logistic: { maxItemsAmout: 10 } }))).toEqual([]);
    expect(orderProblems(order({ items, logistic: { maxItemsAmout: 9 } }))).toEqual([
      'O máximo de itens do seu pedido é 9',
    ]);
  });

  it("lists a subtotal below the logistic's minimum price with the minimum-value message", () => {
    expect(orderProblems(order({ itemsAmout: 20, logistic: { orderMinPrice: 25.5 } }))).toEqual([
      `O valor mínimo do seu pedido é R$${NBSP}25,50`,
    ]);
  });

  it('keeps the spec order, then the server messages', () => {
    expect(
      orderProblems(
        order({
          items: [item(0, 5), item(1, 5)],
          itemsAmout: 10,
          minOrderValue: 50,
          logistic: { maxDistinctItems: 1, maxItemsAmout: 3, orderMinPrice: 40 },
          catalogErrorMessages: ['O produto Café está indisponível no estoque'],
        }),
      ),
    ).toEqual([
      `O valor mínimo do seu pedido é R$${NBSP}50,00`,
      'O máximo de itens distintos do seu pedido é 1',
      'O máximo de itens do seu pedido é 3',
      `O valor mínimo do seu pedido é R$${NBSP}40,00`,
      'O produto Café está indisponível no estoque',
    ]);
  });

  it('lists the same text once: equal minimums, and server messages repeating our own', () => {
    expect(
      orderProblems(
        order({
          itemsAmout: 10,
          minOrderValue: 50,
          logistic: { orderMinPrice: 50, maxDistinctItems: 0 },
          catalogErrorMessages: [
            `O valor mínimo do seu pedido é R$${NBSP}50,00`,
            'Outro problema',
            'Outro problema',
          ],
        }),
      ),
    ).toEqual([`O valor mínimo do seu pedido é R$${NBSP}50,00`, 'Outro problema']);
  });

  it('reads absent, null and zero limits as no limit', () => {
    const items = [item(0, 50), item(1, 50)];
    expect(orderProblems(order({ items, itemsAmout: 0.5, logistic: null }))).toEqual([]);
    expect(
      orderProblems(
        order({
          items,
          itemsAmout: 0.5,
          minOrderValue: null,
          logistic: { maxDistinctItems: 0, maxItemsAmout: null, orderMinPrice: 0 },
        }),
      ),
    ).toEqual([]);
  });

  it('computes nothing for an empty order (or one holding only gifts), but keeps server messages', () => {
    const limits = { minOrderValue: 50, logistic: { orderMinPrice: 50 } };
    expect(orderProblems(order({ items: [], itemsAmout: 0, ...limits }))).toEqual([]);
    expect(orderProblems(order({ items: [item(0, 1, { isGift: true })], itemsAmout: 0, ...limits }))).toEqual(
      [],
    );
    expect(orderProblems(order({ items: [], catalogErrorMessages: ['Loja fechada'] }))).toEqual([
      'Loja fechada',
    ]);
  });

  it('ignores blank server messages and a missing order', () => {
    expect(orderProblems(order({ catalogErrorMessages: ['', '  '] }))).toEqual([]);
    expect(orderProblems(undefined)).toEqual([]);
    expect(orderProblems(null)).toEqual([]);
  });
});
