// Installment plans of a card provider for an amount, in exact integer cents.
// - Interest-free (1x, up to interestFreeInstallments, or any count when the rule sets no rate): the
//   amount split exactly, to the cent. When it does not divide evenly, the first installments carry
//   one cent more (R$ 79,69 in 3x: R$ 26,57 + R$ 26,56 + R$ 26,56), so the shopper pays the amount
//   and not a cent above it.
// - Above it: compound monthly interest, as Brazilian card plans are priced (Price table / PMT):
//   value = P·i·(1+i)^n / ((1+i)^n − 1), computed with integers (BigInt) and rounded up, so no
//   floating-point error ever reaches a cent; every installment is that value.
// A plan with an installment smaller than minInstallmentCents (or of 0 cents) is not offered, but 1x
// always is.
import type { CardProviderRule } from './rules.ts';

export type InstallmentPlan = {
  count: number;
  /** Every installment, in cents, in the order they are charged; they add up to totalCents. */
  valuesCents: number[];
  /** The first installment, in cents (the largest one when an interest-free split is uneven). */
  valueCents: number;
  /** What the shopper pays in all: the sum of the installments. */
  totalCents: number;
  /** No interest: totalCents is the amount itself. */
  interestFree: boolean;
};

const BASIS = 10_000n;

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/** 1x is paying in full ('à vista'), never with interest, whatever the rule's interest-free count. */
export function isInterestFree(count: number, rule: CardProviderRule): boolean {
  return count === 1 || count <= rule.interestFreeInstallments || rule.monthlyInterestBasisPoints === 0;
}

/** The amount in `count` installments that add up to it exactly; the first ones carry the leftover cents. */
export function splitExactly(amountCents: number, count: number): number[] {
  const base = Math.floor(amountCents / count);
  const leftover = amountCents - base * count;
  return Array.from({ length: count }, (_, index) => (index < leftover ? base + 1 : base));
}

/** One installment of a plan with interest (Price table), rounded up to the cent. */
function priceTableInstallmentCents(amountCents: number, count: number, rule: CardProviderRule): number {
  const amount = BigInt(amountCents);
  const n = BigInt(count);
  const rate = BigInt(rule.monthlyInterestBasisPoints);
  // With i = rate / BASIS: P·i·(1+i)^n / ((1+i)^n − 1) = P·rate·(BASIS+rate)^n / (BASIS·((BASIS+rate)^n − BASIS^n))
  const grown = (BASIS + rate) ** n;
  const base = BASIS ** n;
  return Number(ceilDiv(amount * rate * grown, BASIS * (grown - base)));
}

/** Every installment of `count` for `amountCents` under the rule (no minimum check). */
export function installmentValuesCents(amountCents: number, count: number, rule: CardProviderRule): number[] {
  if (isInterestFree(count, rule)) return splitExactly(amountCents, count);
  return Array.from({ length: count }, () => priceTableInstallmentCents(amountCents, count, rule));
}

/** The plans offered for an amount: 1x always, then every count whose installments reach the minimum. */
export function installmentPlans(amountCents: number, rule: CardProviderRule): InstallmentPlan[] {
  const plans: InstallmentPlan[] = [];
  const max = Math.max(1, rule.maxInstallments);
  for (let count = 1; count <= max; count++) {
    const valuesCents = installmentValuesCents(amountCents, count, rule);
    // Never an installment of nothing: R$ 0,01 in 2x would be R$ 0,01 + R$ 0,00, whatever the minimum.
    if (count > 1 && Math.min(...valuesCents) < Math.max(1, rule.minInstallmentCents)) continue;
    plans.push({
      count,
      valuesCents,
      valueCents: valuesCents[0] ?? 0,
      totalCents: valuesCents.reduce((sum, value) => sum + value, 0),
      interestFree: isInterestFree(count, rule),
    });
  }
  return plans;
}
