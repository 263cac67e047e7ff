// Installment plans of a card provider for an amount, in exact integer cents.
// - Up to interestFreeInstallments: the amount split evenly, each installment rounded up to the cent.
// - Above it: compound monthly interest, as Brazilian card plans are priced (Price table / PMT):
//   value = P·i·(1+i)^n / ((1+i)^n − 1), computed with integers (BigInt) and rounded up, so no
//   floating-point error ever reaches a cent.
// Rounding up means count × value is never below the amount. A plan whose installment would be
// smaller than minInstallmentCents is not offered, but 1x always is.
import type { CardProviderRule } from './rules.ts';

export type InstallmentPlan = {
  count: number;
  /** Each installment, in cents. */
  valueCents: number;
  /** What the shopper pays in all: count × value. */
  totalCents: number;
};

const BASIS = 10_000n;

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/** One installment of `count` for `amountCents` under the rule (no minimum check). */
export function installmentValueCents(amountCents: number, count: number, rule: CardProviderRule): number {
  const amount = BigInt(amountCents);
  const n = BigInt(count);
  const rate = BigInt(rule.monthlyInterestBasisPoints);
  if (count <= rule.interestFreeInstallments || rate === 0n) return Number(ceilDiv(amount, n));
  // With i = rate / BASIS: P·i·(1+i)^n / ((1+i)^n − 1) = P·rate·(BASIS+rate)^n / (BASIS·((BASIS+rate)^n − BASIS^n))
  const grown = (BASIS + rate) ** n;
  const base = BASIS ** n;
  return Number(ceilDiv(amount * rate * grown, BASIS * (grown - base)));
}

/** The plans offered for an amount: 1x always, then every count whose installment reaches the minimum. */
export function installmentPlans(amountCents: number, rule: CardProviderRule): InstallmentPlan[] {
  const plans: InstallmentPlan[] = [];
  const max = Math.max(1, rule.maxInstallments);
  for (let count = 1; count <= max; count++) {
    const valueCents = installmentValueCents(amountCents, count, rule);
    if (count > 1 && valueCents < rule.minInstallmentCents) continue;
    plans.push({ count, valueCents, totalCents: valueCents * count });
  }
  return plans;
}
