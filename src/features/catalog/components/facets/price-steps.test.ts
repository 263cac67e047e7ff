import { describe, expect, it } from 'vitest';
import { lastPosition, PRICE_STEP, positionOf, priceAt, priceBounds, rangeAt } from './price-steps.ts';

const petShop = { from: 3.49, to: 149.9 };

describe('price slider positions', () => {
  it('steps by 10.5 from the lowest bound, in whole cents', () => {
    expect(PRICE_STEP).toBe(10.5);
    expect(priceAt(petShop, 0)).toBe(3.49);
    expect(priceAt(petShop, 1)).toBe(13.99);
    expect(priceAt(petShop, 2)).toBe(24.49);
    expect(priceAt(petShop, 13)).toBe(139.99);
  });

  it('makes the top position reach the highest bound exactly, even off the step', () => {
    // 146.41 / 10.5 = 13.94…: 14 positions after the first, the 14th being 149.90.
    expect(lastPosition(petShop)).toBe(14);
    expect(priceAt(petShop, 14)).toBe(149.9);
    expect(priceAt(petShop, 99)).toBe(149.9);
  });

  it('adds no extra position when the span is a whole number of steps', () => {
    const bounds = { from: 10, to: 31 };
    expect(lastPosition(bounds)).toBe(2);
    expect(priceAt(bounds, 1)).toBe(20.5);
    expect(priceAt(bounds, 2)).toBe(31);
  });

  it('has a single position when both bounds are equal', () => {
    expect(lastPosition({ from: 5, to: 5 })).toBe(0);
    expect(priceAt({ from: 5, to: 5 }, 0)).toBe(5);
  });

  it('finds the position nearest to a price', () => {
    expect(positionOf(petShop, 3.49)).toBe(0);
    expect(positionOf(petShop, 0)).toBe(0);
    expect(positionOf(petShop, 13.99)).toBe(1);
    expect(positionOf(petShop, 20)).toBe(2);
    expect(positionOf(petShop, 139.99)).toBe(13);
    expect(positionOf(petShop, 149.9)).toBe(14);
    expect(positionOf(petShop, 500)).toBe(14);
    expect(positionOf(petShop, Number.NaN)).toBe(0);
  });

  it('removes the filter for the full range and gives the prices otherwise', () => {
    expect(rangeAt(petShop, 0, 14)).toBeUndefined();
    expect(rangeAt(petShop, 1, 14)).toEqual({ from: 13.99, to: 149.9 });
    expect(rangeAt(petShop, 0, 13)).toEqual({ from: 3.49, to: 139.99 });
    expect(rangeAt(petShop, 3, 3)).toEqual({ from: 34.99, to: 34.99 });
    expect(rangeAt(petShop, 5, 2)).toEqual({ from: 24.49, to: 55.99 });
  });

  it('accepts only finite, non-negative bounds, lowest first', () => {
    expect(priceBounds({ from: 3.49, to: 149.9 })).toEqual(petShop);
    expect(priceBounds({ from: 149.9, to: 3.49 })).toEqual(petShop);
    expect(priceBounds({ from: 1 })).toBeUndefined();
    expect(priceBounds(undefined)).toBeUndefined();
    expect(priceBounds({ from: Number.NaN, to: 2 })).toBeUndefined();
    expect(priceBounds({ from: -1, to: 2 })).toBeUndefined();
  });
});
