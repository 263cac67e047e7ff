import { describe, expect, it } from 'vitest';
import { expiryIsValid, passesLuhn, securityCodeFits } from './card-checks.ts';
import { installmentPlans, installmentValuesCents } from './installments.ts';
import type { CardProviderRule } from './rules.ts';
import { TEST_CARDS } from './test-cards.ts';

const rule: CardProviderRule = {
  providerId: 'cartao-loja',
  name: 'Cartão de crédito',
  maxInstallments: 6,
  interestFreeInstallments: 3,
  monthlyInterestBasisPoints: 199,
  minInstallmentCents: 1000,
};

describe('installment plans', () => {
  it('splits R$ 60,88 without interest up to 3x and with 1.99 % a month above, in exact cents', () => {
    expect(installmentPlans(6088, rule).map((p) => [p.count, p.valueCents, p.totalCents])).toEqual([
      [1, 6088, 6088],
      [2, 3044, 6088],
      [3, 2030, 6088],
      [4, 1599, 6396],
      [5, 1292, 6460],
      [6, 1087, 6522],
    ]);
  });

  it('leaves out a plan whose installment is below the minimum (R$ 55,80 in 6x would be R$ 9,96)', () => {
    expect(installmentPlans(5580, rule).map((p) => p.count)).toEqual([1, 2, 3, 4, 5]);
    expect(installmentValuesCents(5580, 6, rule)[0]).toBe(996);
  });

  it('never offers an installment of R$ 0,00, even without a minimum (R$ 0,03 goes up to 3x, not 4x)', () => {
    // Found by the property test (seed 190041195): R$ 0,01 in 2x was R$ 0,01 + R$ 0,00.
    const noMinimum = { ...rule, maxInstallments: 6, interestFreeInstallments: 6, minInstallmentCents: 0 };
    expect(installmentPlans(1, noMinimum).map((p) => p.count)).toEqual([1]);
    expect(installmentPlans(3, noMinimum).map((p) => p.valuesCents)).toEqual([[3], [2, 1], [1, 1, 1]]);
  });

  it('always offers 1x, even below the minimum installment', () => {
    expect(installmentPlans(500, rule)).toEqual([
      { count: 1, valuesCents: [500], valueCents: 500, totalCents: 500, interestFree: true },
    ]);
  });

  it('never charges less than the amount, and interest plans match the Price formula', () => {
    for (let amount = 1; amount < 200_000; amount += 997) {
      for (const plan of installmentPlans(amount, rule)) {
        expect(plan.totalCents).toBeGreaterThanOrEqual(amount);
        if (plan.count > 3) {
          const i = 0.0199;
          const pmt = (amount * i) / (1 - (1 + i) ** -plan.count);
          expect(Math.abs(plan.valueCents - pmt)).toBeLessThanOrEqual(1);
        } else {
          expect(plan.totalCents).toBe(amount);
        }
      }
    }
  });

  it('R$ 79,69 without interest: 2x is R$ 39,85 + R$ 39,84 and 3x R$ 26,57 + 2 × R$ 26,56, R$ 79,69 in all', () => {
    const [, two, three] = installmentPlans(7969, rule);
    expect(two).toMatchObject({ valuesCents: [3985, 3984], totalCents: 7969, interestFree: true });
    expect(three).toMatchObject({ valuesCents: [2657, 2656, 2656], totalCents: 7969, interestFree: true });
  });

  it('without a rate splits exactly whatever the count', () => {
    expect(installmentValuesCents(1000, 6, { ...rule, monthlyInterestBasisPoints: 0 })).toEqual([
      167, 167, 167, 167, 166, 166,
    ]);
  });
});

describe('card checks', () => {
  it('every test card passes the Luhn check; a changed digit does not', () => {
    for (const card of TEST_CARDS) expect(passesLuhn(card.number), card.number).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('41111111111a1111')).toBe(false);
  });

  it('wants 4 security digits for American Express (34, 37) and 3 for the others', () => {
    expect(securityCodeFits('378282246310005', '1234')).toBe(true);
    expect(securityCodeFits('378282246310005', '123')).toBe(false);
    expect(securityCodeFits('4111111111111111', '123')).toBe(true);
    expect(securityCodeFits('4111111111111111', '1234')).toBe(false);
  });

  it('accepts a card through the last day of its expiry month, and not 20 years ahead', () => {
    const now = new Date('2026-03-31T23:00:00Z');
    expect(expiryIsValid('03', '26', now)).toBe(true);
    expect(expiryIsValid('03', '2026', now)).toBe(true);
    expect(expiryIsValid('02', '26', now)).toBe(false);
    expect(expiryIsValid('12', '2045', now)).toBe(true);
    expect(expiryIsValid('12', '2047', now)).toBe(false);
  });
});
