import { orderFixture } from '@tests/msw.ts';
import { describe, expect, it } from 'vitest';
import type { Order, OrderItem } from '@/contract/order.ts';
import { giftLost, lostGift, progressLines } from './order-progress.ts';

const NBSP = '\u00A0';
const line = (index: number, total: number, isGift = false): OrderItem => ({
  index,
  providerId: `p${index}`,
  quantity: 1,
  attributes: [],
  name: `Produto ${index}`,
  images: [],
  unitPrice: total,
  totalAmout: total,
  isGift,
});
const group = (id: string) => ({
  id,
  availableQuantity: 1,
  availableGifts: [{ id: `g-${id}`, name: 'Brinde' }],
});
const order = (overrides: Partial<Order>): Order => orderFixture({ items: [line(0, 38)], ...overrides });

describe('the money the shopper can see coming', () => {
  it("says 'Faltam R$ 12,00 para o pedido mínimo' from the order's subtotal and minimum", () => {
    expect(progressLines(order({ itemsAmout: 38, minOrderValue: 50 }))).toEqual([
      `Faltam R$${NBSP}12,00 para o pedido mínimo`,
    ]);
  });

  it('takes the larger of the two minimums, and counts in cents (49,99 + 0,01 reaches 50,00)', () => {
    const both = order({ itemsAmout: 38, minOrderValue: 40, logistic: { orderMinPrice: 45 } });
    expect(progressLines(both)).toEqual([`Faltam R$${NBSP}7,00 para o pedido mínimo`]);
    expect(progressLines(order({ itemsAmout: 49.99 + 0.01, minOrderValue: 50 }))).toEqual([]);
    expect(progressLines(order({ itemsAmout: 49.99, minOrderValue: 50 }))).toEqual([
      `Faltam R$${NBSP}0,01 para o pedido mínimo`,
    ]);
  });

  it("says 'Faltam R$ 8,50 para ganhar o brinde' only when the backend sends the next gift", () => {
    expect(progressLines(order({ itemsAmout: 91.5 }))).toEqual([]);
    const withGift = { ...order({ itemsAmout: 91.5 }), nextGift: { missingAmount: 8.5 } } as Order;
    expect(progressLines(withGift)).toEqual([`Faltam R$${NBSP}8,50 para ganhar o brinde`]);
  });

  it('says nothing for an empty cart, a gift-only cart, or a malformed next gift', () => {
    expect(progressLines(orderFixture({ items: [], itemsAmout: 0, minOrderValue: 50 }))).toEqual([]);
    expect(progressLines(order({ items: [line(0, 0, true)], minOrderValue: 50 }))).toEqual([]);
    const malformed = {
      ...order({ itemsAmout: 10 }),
      nextGift: { missingAmount: 'muito' },
    } as unknown as Order;
    expect(progressLines(malformed)).toEqual([]);
    const zero = { ...order({ itemsAmout: 10 }), nextGift: { missingAmount: 0 } } as Order;
    expect(progressLines(zero)).toEqual([]);
  });
});

describe('a gift lost because the subtotal dropped', () => {
  it('is a group the order had reached and no longer has', () => {
    const before = order({ gifts: [group('brinde-100')] });
    expect(lostGift(before, order({ gifts: [] }))).toBe(true);
    expect(lostGift(before, order({ gifts: [group('brinde-100')] }))).toBe(false);
    expect(lostGift(order({ gifts: [] }), order({ gifts: [group('brinde-100')] }))).toBe(false);
  });

  it('is not announced when the cart was emptied, or on the first order seen', () => {
    expect(lostGift(undefined, order({ gifts: [] }))).toBe(false);
    expect(lostGift(order({ gifts: [group('a')] }), orderFixture({ items: [], gifts: [] }))).toBe(false);
  });

  it('says how much is missing when the backend says it, and just that it was lost otherwise', () => {
    expect(giftLost(3)).toBe(`Você perdeu o brinde: faltam R$${NBSP}3,00`);
    expect(giftLost(undefined)).toBe('Você perdeu o brinde.');
  });
});
