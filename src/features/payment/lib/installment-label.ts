// The text of an installment option, from what the backend says the plan charges. It never claims
// 'Nx de V' unless N × V is what the plan charges: an interest-free split of R$ 79,69 in 3x is
// '3x sem juros: 1x de R$ 26,57 + 2x de R$ 26,56', not '3x de R$ 26,57 sem juros' (R$ 79,71).
import type { Installment } from '@/contract/checkout.ts';
import { formatBRL } from '@/lib/format.ts';

const toCents = (reais: number) => Math.round(reais * 100);
const brl = (cents: number) => formatBRL(cents / 100);

/** A total in `count` parts that add up to it exactly, the first ones a cent larger (as the sandbox splits). */
export function splitCents(totalCents: number, count: number): number[] {
  const base = Math.floor(totalCents / count);
  const leftover = totalCents - base * count;
  return Array.from({ length: count }, (_, index) => (index < leftover ? base + 1 : base));
}

/**
 * The plan's installments in cents: the backend's list when it gives one of the right length, else
 * count × value, else (no value at all) the order total split exactly. Undefined when nothing says.
 */
function installmentsInCents(installment: Installment, orderTotal: number | null | undefined) {
  const { count, values, value } = installment;
  if (values && values.length === count) return values.map(toCents);
  if (typeof value === 'number') return Array.from({ length: count }, () => toCents(value));
  if (typeof orderTotal === 'number') return splitCents(toCents(orderTotal), count);
  return undefined;
}

/**
 * What the plan charges in all, in reais: the backend's plan total, else the sum of its installments;
 * undefined when nothing says (no values, no value, no order total).
 */
export function planTotal(
  installment: Installment,
  orderTotal: number | null | undefined,
): number | undefined {
  if (typeof installment.total === 'number') return installment.total;
  const cents = installmentsInCents(installment, orderTotal);
  return cents ? cents.reduce((total, value) => total + value, 0) / 100 : undefined;
}

/** Consecutive equal installments as '1x de R$ 26,57 + 2x de R$ 26,56'. */
function describeGroups(cents: readonly number[]): string {
  const groups: { value: number; times: number }[] = [];
  for (const value of cents) {
    const last = groups.at(-1);
    if (last && last.value === value) last.times += 1;
    else groups.push({ value, times: 1 });
  }
  return groups.map((group) => `${group.times}x de ${brl(group.value)}`).join(' + ');
}

/**
 * '2x de R$ 30,44 sem juros'; an uneven interest-free split '3x sem juros: 1x de R$ 26,57 + 2x de
 * R$ 26,56'; with interest '4x de R$ 15,99 com juros (total R$ 63,96)'. 'sem juros' only when the
 * plan charges no more than the order total. When the backend's plan total disagrees with its own
 * installments, the option names the count and the total it charges, not an installment value.
 */
export function installmentLabel(installment: Installment, orderTotal: number | null | undefined): string {
  const { count } = installment;
  const cents = installmentsInCents(installment, orderTotal);
  if (!cents) return `${count}x`;
  const sum = cents.reduce((total, value) => total + value, 0);
  const chargedCents = typeof installment.total === 'number' ? toCents(installment.total) : sum;
  const withInterest =
    typeof orderTotal === 'number' ? chargedCents > toCents(orderTotal) : installment.interestFree === false;
  const interest = withInterest ? 'com juros' : 'sem juros';
  const totalNote = withInterest ? ` (total ${brl(chargedCents)})` : '';

  if (sum !== chargedCents) return `${count}x ${interest}, total ${brl(chargedCents)}`;
  const [first = 0] = cents;
  if (cents.every((value) => value === first)) return `${count}x de ${brl(first)} ${interest}${totalNote}`;
  return `${count}x ${interest}: ${describeGroups(cents)}${totalNote}`;
}
