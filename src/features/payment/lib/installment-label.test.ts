import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { installmentLabel, planTotal, splitCents } from './installment-label.ts';

const NBSP = '\u00A0';
const reais = (cents: number) => cents / 100;
/** '26,57' → 2657 (the label's amounts, without 'R$'). */
const centsOf = (shown: string) => Number(shown.replace(/\./g, '').replace(',', ''));

describe('the installment option text', () => {
  it("R$ 79,69 in 3x without interest shows each installment: '3x sem juros: 1x de R$ 26,57 + 2x de R$ 26,56'", () => {
    const label = installmentLabel(
      { count: 3, value: 26.57, values: [26.57, 26.56, 26.56], total: 79.69, interestFree: true },
      79.69,
    );
    expect(label).toBe(`3x sem juros: 1x de R$${NBSP}26,57 + 2x de R$${NBSP}26,56`);
  });

  it("an even split keeps the short form: '2x de R$ 30,44 sem juros'", () => {
    expect(installmentLabel({ count: 2, value: 30.44, values: [30.44, 30.44], total: 60.88 }, 60.88)).toBe(
      `2x de R$${NBSP}30,44 sem juros`,
    );
  });

  it('a plan with interest says so and names what it charges in all', () => {
    expect(installmentLabel({ count: 4, value: 15.99, total: 63.96, interestFree: false }, 60.88)).toBe(
      `4x de R$${NBSP}15,99 com juros (total R$${NBSP}63,96)`,
    );
  });

  it("a backend that rounds every installment up is not 'sem juros': 3x R$ 26,57 of R$ 79,69 charges R$ 79,71", () => {
    expect(installmentLabel({ count: 3, value: 26.57 }, 79.69)).toBe(
      `3x de R$${NBSP}26,57 com juros (total R$${NBSP}79,71)`,
    );
  });

  it('a plan whose total disagrees with its installments names only the count and the total', () => {
    expect(installmentLabel({ count: 3, value: 26.57, total: 79.69, interestFree: true }, 79.69)).toBe(
      `3x sem juros, total R$${NBSP}79,69`,
    );
  });

  it('without any value, splits the order total exactly; without a total either, names the count', () => {
    expect(installmentLabel({ count: 3 }, 10)).toBe(
      `3x sem juros: 1x de R$${NBSP}3,34 + 2x de R$${NBSP}3,33`,
    );
    expect(installmentLabel({ count: 2 }, undefined)).toBe('2x');
  });

  it('never claims "Nx de V" unless N × V is what the plan charges, for any total and exact split', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 24 }),
        (total, count) => {
          const values = splitCents(total, count);
          expect(values.reduce((sum, value) => sum + value, 0)).toBe(total);
          const label = installmentLabel(
            { count, value: reais(values[0] ?? 0), values: values.map(reais), total: reais(total) },
            reais(total),
          );
          expect(label).toContain('sem juros');
          const short = new RegExp(`^(\\d+)x de R\\$${NBSP}([\\d.,]+) sem juros$`).exec(label);
          if (short) {
            expect(Number(short[1]) * centsOf(short[2] ?? '')).toBe(total);
          } else {
            // Every group 'Kx de V' adds up to the total.
            const groups = [...label.matchAll(new RegExp(`(\\d+)x de R\\$${NBSP}([\\d.,]+)`, 'g'))];
            const shown = groups.reduce((sum, g) => sum + Number(g[1]) * centsOf(g[2] ?? ''), 0);
            expect(shown).toBe(total);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('planTotal (the total beside the pay button)', () => {
  it('is the backend’s plan total, else the installments added up, else nothing', () => {
    expect(planTotal({ count: 4, value: 15.99, total: 63.96 }, 60.88)).toBe(63.96);
    expect(planTotal({ count: 3, value: 26.57 }, 79.69)).toBe(79.71);
    expect(planTotal({ count: 3, values: [26.57, 26.56, 26.56] }, 79.69)).toBe(79.69);
    expect(planTotal({ count: 3 }, 79.69)).toBe(79.69);
    expect(planTotal({ count: 3 }, null)).toBeUndefined();
  });
});
