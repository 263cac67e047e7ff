import { orderFixture } from '@tests/msw.ts';
import { describe, expect, it } from 'vitest';
import { OrderState } from '@/contract/enums.ts';
import type { OrderItem } from '@/contract/order.ts';
import { inCart } from './in-cart.ts';

const item = (
  overrides: Partial<OrderItem> & Pick<OrderItem, 'index' | 'providerId' | 'quantity'>,
): OrderItem => ({
  sku: overrides.providerId,
  ...overrides,
});

describe("what a card's product has in the cart", () => {
  it('is nothing before the order loads', () => {
    expect(inCart(undefined, '1001')).toEqual({ orderExists: false, line: undefined, units: 0 });
  });

  it("finds the product's own line, for its stepper", () => {
    const order = orderFixture({
      items: [
        item({ index: 0, providerId: '1002', quantity: 1 }),
        item({ index: 3, providerId: '1001', quantity: 4 }),
      ],
    });
    expect(inCart(order, '1001')).toEqual({
      orderExists: true,
      line: { index: 3, providerId: '1001', sku: '1001', quantity: 4 },
      units: 4,
    });
    expect(inCart(order, '1003')).toEqual({ orderExists: true, line: undefined, units: 0 });
  });

  it('counts subscriptions and variants among the units, but steps only the plain line', () => {
    const order = orderFixture({
      items: [
        item({
          index: 0,
          providerId: '1008',
          quantity: 1,
          subscription: { recurrence: { type: 20, frequency: 2 } },
        }),
        item({ index: 1, providerId: '1008', quantity: 2 }),
        item({ index: 2, providerId: '11103', sku: '1110301', quantity: 1 }),
        item({ index: 3, providerId: '11103', sku: '1110302', quantity: 2 }),
      ],
    });
    expect(inCart(order, '1008')).toMatchObject({ line: { index: 1, quantity: 2 }, units: 3 });
    expect(inCart(order, '11103')).toMatchObject({ units: 3 });
    expect(inCart(order, '11103&1110302')).toMatchObject({ units: 3 });
  });

  it('leaves gifts out', () => {
    const order = orderFixture({
      items: [item({ index: 0, providerId: '1001', quantity: 1, isGift: true })],
    });
    expect(inCart(order, '1001')).toEqual({ orderExists: true, line: undefined, units: 0 });
  });

  it('shows nothing of a closed order: the next add starts a new one', () => {
    const order = orderFixture({
      status: OrderState.Received,
      items: [item({ index: 0, providerId: '1001', quantity: 2 })],
    });
    expect(inCart(order, '1001')).toEqual({ orderExists: true, line: undefined, units: 0 });
  });
});
