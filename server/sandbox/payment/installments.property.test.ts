// Properties of the installment plans that must hold for every amount and every shop rule: an
// interest-free plan charges exactly the amount, to the cent, whatever the count (issue 20, defect 4:
// R$ 79,69 in '3x de R$ 26,57 sem juros' charged R$ 79,71).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { installmentPlans } from './installments.ts';
import type { CardProviderRule } from './rules.ts';

const amountCents = fc.integer({ min: 1, max: 100_000_000 });

const rule: fc.Arbitrary<CardProviderRule> = fc.record({
  providerId: fc.constant('cartao-loja'),
  name: fc.constant('Cartão de crédito'),
  maxInstallments: fc.integer({ min: 1, max: 24 }),
  interestFreeInstallments: fc.integer({ min: 0, max: 24 }),
  monthlyInterestBasisPoints: fc.integer({ min: 0, max: 999 }),
  minInstallmentCents: fc.integer({ min: 0, max: 5_000 }),
});

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** 1x ('à vista'), up to the rule's interest-free count, or any count when the rule sets no rate. */
const freeOfInterest = (count: number, provider: CardProviderRule) =>
  count === 1 || count <= provider.interestFreeInstallments || provider.monthlyInterestBasisPoints === 0;

describe('installment plans on random amounts and rules', () => {
  it('every plan lists its count of installments, in whole cents, adding up to what it charges', () => {
    fc.assert(
      fc.property(amountCents, rule, (amount, provider) => {
        for (const plan of installmentPlans(amount, provider)) {
          expect(plan.valuesCents).toHaveLength(plan.count);
          for (const value of plan.valuesCents) expect(Number.isInteger(value) && value > 0).toBe(true);
          expect(sum(plan.valuesCents)).toBe(plan.totalCents);
          expect(plan.valueCents).toBe(plan.valuesCents[0]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('an interest-free plan charges exactly the amount; its installments differ by at most a cent, larger first', () => {
    fc.assert(
      fc.property(amountCents, rule, (amount, provider) => {
        const plans = installmentPlans(amount, provider).filter((p) => freeOfInterest(p.count, provider));
        for (const plan of plans) {
          expect(plan.totalCents).toBe(amount);
          const [first = 0] = plan.valuesCents;
          const last = plan.valuesCents.at(-1) ?? 0;
          expect(first - last).toBeGreaterThanOrEqual(0);
          expect(first - last).toBeLessThanOrEqual(1);
          expect([...plan.valuesCents].sort((a, b) => b - a)).toEqual(plan.valuesCents);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('1x, every count up to the interest-free count, and any count without a rate, is interest-free', () => {
    fc.assert(
      fc.property(amountCents, rule, (amount, provider) => {
        for (const plan of installmentPlans(amount, provider)) {
          const free = freeOfInterest(plan.count, provider);
          expect(plan.interestFree).toBe(free);
          if (!free) expect(plan.totalCents).toBeGreaterThanOrEqual(amount);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('1x is always the amount itself, and no later installment is below the minimum', () => {
    fc.assert(
      fc.property(amountCents, rule, (amount, provider) => {
        const plans = installmentPlans(amount, provider);
        expect(plans[0]).toMatchObject({ count: 1, valuesCents: [amount], totalCents: amount });
        for (const plan of plans.slice(1)) {
          expect(Math.min(...plan.valuesCents)).toBeGreaterThanOrEqual(provider.minInstallmentCents);
        }
      }),
      { numRuns: 500 },
    );
  });
});
