import { describe, expect, it } from 'vitest';
import { isAnonymousOrder, totalItemQuantity } from './order.ts';

describe('anonymous order', () => {
  it('is anonymous when the userId contains "anonymous"', () => {
    expect(isAnonymousOrder({ userId: 'anonymous' })).toBe(true);
    expect(isAnonymousOrder({ userId: 'anonymous-5f2c' })).toBe(true);
    expect(isAnonymousOrder({ userId: 'user-anonymous-1' })).toBe(true);
  });

  it('is not anonymous with another, missing or null userId, or no order', () => {
    expect(isAnonymousOrder({ userId: 'u-42' })).toBe(false);
    expect(isAnonymousOrder({ userId: null })).toBe(false);
    expect(isAnonymousOrder({})).toBe(false);
    expect(isAnonymousOrder(undefined)).toBe(false);
  });
});

describe('total item quantity', () => {
  const items = [{ quantity: 2, isGift: false }, { quantity: 3 }, { quantity: 1, isGift: true }];

  it('sums the quantities of the shopper items', () => {
    expect(totalItemQuantity({ items })).toBe(5);
  });

  it('leaves gift items out unless asked to include them', () => {
    expect(totalItemQuantity({ items }, { includeGifts: true })).toBe(6);
  });

  it('is 0 for an empty order, a null item list or no order', () => {
    expect(totalItemQuantity({ items: [] })).toBe(0);
    expect(totalItemQuantity({ items: null })).toBe(0);
    expect(totalItemQuantity(undefined)).toBe(0);
  });
});
