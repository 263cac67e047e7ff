import { describe, expect, it } from 'vitest';
import { computeOrderTotals, effectiveUnitPriceCents, type PricedLine } from './order-totals.ts';

const line = (over: Partial<PricedLine>): PricedLine => ({
  quantity: 1,
  unitPriceCents: 1000,
  promotionalPriceCents: null,
  isGift: false,
  ...over,
});

describe('order totals', () => {
  it('uses the promotional price only when it is positive and below the unit price', () => {
    expect(effectiveUnitPriceCents(line({ promotionalPriceCents: 800 }))).toBe(800);
    expect(effectiveUnitPriceCents(line({ promotionalPriceCents: 0 }))).toBe(1000);
    expect(effectiveUnitPriceCents(line({ promotionalPriceCents: 1200 }))).toBe(1000);
    expect(effectiveUnitPriceCents(line({ promotionalPriceCents: null }))).toBe(1000);
  });

  it('makes the total the sum of the item totals, and the discount what promotions take off', () => {
    const totals = computeOrderTotals([
      line({ quantity: 2, unitPriceCents: 1890, promotionalPriceCents: 1649 }),
      line({ quantity: 1, unitPriceCents: 2790 }),
    ]);
    expect(totals).toMatchObject({
      itemsCents: 6570,
      discountCents: 482,
      totalCents: 6088,
      lineTotalsCents: [3298, 2790],
    });
  });

  it('adds up cents exactly where floating-point reais would drift', () => {
    const totals = computeOrderTotals([line({ unitPriceCents: 10 }), line({ unitPriceCents: 20 })]);
    expect(totals.totalCents / 100).toBe(0.3);
  });

  it('gives gifts no price', () => {
    const totals = computeOrderTotals([line({ isGift: true, quantity: 3 }), line({})]);
    expect(totals).toMatchObject({
      itemsCents: 1000,
      discountCents: 0,
      totalCents: 1000,
      lineTotalsCents: [0, 1000],
    });
  });

  it('caps an order discount at what the items cost and adds delivery and service tax', () => {
    const totals = computeOrderTotals([line({ quantity: 2 })], {
      manualDiscountCents: 5000,
      deliveryCents: 700,
      serviceTaxCents: 150,
    });
    expect(totals).toMatchObject({ itemsCents: 2000, discountCents: 2000, totalCents: 850 });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses quantity %s', (quantity) => {
    expect(() => computeOrderTotals([line({ quantity })])).toThrow(RangeError);
  });
});
