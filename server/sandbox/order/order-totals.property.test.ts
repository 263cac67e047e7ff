// Properties of the order arithmetic that must hold for every cart, checked on random ones.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeOrderTotals, type OrderExtras, type PricedLine } from './order-totals.ts';

const line: fc.Arbitrary<PricedLine> = fc.record({
  quantity: fc.integer({ min: 1, max: 500 }),
  unitPriceCents: fc.integer({ min: 0, max: 500_000 }),
  promotionalPriceCents: fc.option(fc.integer({ min: 0, max: 600_000 }), { nil: null }),
  isGift: fc.boolean(),
});

const extras: fc.Arbitrary<OrderExtras> = fc.record(
  {
    priceTablePercent: fc.integer({ min: -100, max: 50 }),
    couponPercent: fc.integer({ min: 0, max: 100 }),
    freeDeliveryCoupon: fc.boolean(),
    manualDiscountCents: fc.integer({ min: 0, max: 10_000_000 }),
    deliveryCents: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
    freeDeliveryAboveCents: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
    serviceTaxCents: fc.integer({ min: 0, max: 5_000 }),
  },
  { requiredKeys: [] },
);

describe('order totals on random carts', () => {
  it('always add up: total = subtotal − discounts + delivery + service tax, in whole cents', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), extras, (lines, ex) => {
        const t = computeOrderTotals(lines, ex);
        for (const value of [
          t.itemsCents,
          t.discountCents,
          t.deliveryCents,
          t.serviceTaxCents,
          t.totalCents,
        ]) {
          expect(Number.isSafeInteger(value)).toBe(true);
        }
        expect(t.totalCents).toBe(t.itemsCents - t.discountCents + t.deliveryCents + t.serviceTaxCents);
        expect(t.discountCents).toBe(t.promotionsCents + t.couponCents + t.manualDiscountCents);
      }),
    );
  });

  it('never discount more than the subtotal, so the total is never below delivery plus tax', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), extras, (lines, ex) => {
        const t = computeOrderTotals(lines, ex);
        expect(t.discountCents).toBeGreaterThanOrEqual(0);
        expect(t.discountCents).toBeLessThanOrEqual(t.itemsCents);
        expect(t.totalCents).toBeGreaterThanOrEqual(t.deliveryCents + t.serviceTaxCents);
      }),
    );
  });

  it('make the item totals sum to the subtotal minus promotions, with gifts free', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), extras, (lines, ex) => {
        const t = computeOrderTotals(lines, ex);
        const sum = t.lineTotalsCents.reduce((a, b) => a + b, 0);
        expect(sum).toBe(t.itemsCents - t.promotionsCents);
        lines.forEach((l, i) => {
          if (l.isGift) expect(t.lineTotalsCents[i]).toBe(0);
        });
      }),
    );
  });

  it('do not depend on the order of the lines', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), extras, fc.nat(), (lines, ex, seed) => {
        const shuffled = [...lines].sort(
          (a, b) => ((a.unitPriceCents * 31 + seed) % 97) - ((b.unitPriceCents * 31 + seed) % 97),
        );
        const a = computeOrderTotals(lines, ex);
        const b = computeOrderTotals(shuffled, ex);
        expect([b.itemsCents, b.discountCents, b.totalCents]).toEqual([
          a.itemsCents,
          a.discountCents,
          a.totalCents,
        ]);
      }),
    );
  });

  it('make delivery free once the items after discounts reach the threshold, or with a free-delivery coupon', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), extras, (lines, ex) => {
        const t = computeOrderTotals(lines, ex);
        const afterDiscounts = t.itemsCents - t.discountCents;
        const threshold = ex.freeDeliveryAboveCents;
        const free =
          ex.freeDeliveryCoupon === true ||
          (threshold !== null && threshold !== undefined && afterDiscounts >= threshold);
        expect(t.deliveryCents).toBe(free ? 0 : (ex.deliveryCents ?? 0));
      }),
    );
  });

  it('never lower the subtotal when a line is added', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), line, (lines, extra) => {
        expect(computeOrderTotals([...lines, extra]).itemsCents).toBeGreaterThanOrEqual(
          computeOrderTotals(lines).itemsCents,
        );
      }),
    );
  });
});
