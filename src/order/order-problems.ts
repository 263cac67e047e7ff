// The order problems that block the shopper's confirmation, listed under 'Problemas:' (shopper spec,
// section 5), in the spec's own words. The sandbox reports the same limit problems in
// catalogErrorMessages with the same wording and currency format, so duplicates are dropped by text.
import { type Order, totalItemQuantity } from '@/contract/order.ts';
import { formatBRL } from '@/lib/format.ts';

/** The order fields the problems are computed from. */
export type OrderForProblems = Pick<
  Order,
  'items' | 'itemsAmout' | 'minOrderValue' | 'logistic' | 'catalogErrorMessages'
>;

export const minimumValueProblem = (amount: number) => `O valor mínimo do seu pedido é ${formatBRL(amount)}`;
export const maxDistinctItemsProblem = (n: number) => `O máximo de itens distintos do seu pedido é ${n}`;
export const maxItemsProblem = (n: number) => `O máximo de itens do seu pedido é ${n}`;

/** Money is compared in cents: 49.99 + 0.01 must not fall below a 50.00 minimum by float rounding. */
const cents = (value: number) => Math.round(value * 100);

/** A minimum applies when it is a positive amount; absent, null or 0 means no minimum. */
const isBelow = (subtotal: number, minimum: number | null | undefined): minimum is number =>
  typeof minimum === 'number' && Number.isFinite(minimum) && minimum > 0 && cents(subtotal) < cents(minimum);

/**
 * A maximum applies when it is a positive number. Absent, null or 0 means no limit: the top bar's
 * order-limits dropdown reads them the same way, and a limit of 0 items would forbid every order.
 */
const isAbove = (value: number, maximum: number | null | undefined): maximum is number =>
  typeof maximum === 'number' && Number.isFinite(maximum) && maximum > 0 && value > maximum;

/**
 * The problems of the order, in the spec's order: the subtotal (itemsAmout) below minOrderValue,
 * more distinct items (non-gift lines) than logistic.maxDistinctItems, a total quantity (gifts left
 * out, see totalItemQuantity) above logistic.maxItemsAmout, the subtotal below
 * logistic.orderMinPrice; then every server message of catalogErrorMessages. Identical texts are
 * listed once, the first time they appear.
 *
 * An EMPTY order (no non-gift item) has no computed problems: the sandbox reports none either, a
 * 'minimum value' message on an empty cart would only scold a shopper who has not started, and the
 * confirm button is disabled without items anyway. Server messages are still listed if the server
 * sends any.
 */
export function orderProblems(order: OrderForProblems | null | undefined): string[] {
  if (!order) return [];
  const problems: string[] = [];
  const paidLines = (order.items ?? []).filter((item) => !item.isGift);
  if (paidLines.length > 0) {
    const subtotal = order.itemsAmout ?? 0;
    const logistic = order.logistic;
    if (isBelow(subtotal, order.minOrderValue)) problems.push(minimumValueProblem(order.minOrderValue));
    if (isAbove(paidLines.length, logistic?.maxDistinctItems)) {
      problems.push(maxDistinctItemsProblem(logistic.maxDistinctItems));
    }
    if (isAbove(totalItemQuantity(order), logistic?.maxItemsAmout)) {
      problems.push(maxItemsProblem(logistic.maxItemsAmout));
    }
    if (isBelow(subtotal, logistic?.orderMinPrice))
      problems.push(minimumValueProblem(logistic.orderMinPrice));
  }
  for (const message of order.catalogErrorMessages ?? []) {
    const text = message.trim();
    if (text) problems.push(text);
  }
  return [...new Set(problems)];
}

/**
 * How much the subtotal still lacks to reach the order's minimum (the larger of minOrderValue and
 * logistic.orderMinPrice), in BRL; undefined when it is reached, when there is none, or while the
 * order has no paid item (as the problems above: an empty cart is not scolded).
 */
export function missingForMinimum(order: OrderForProblems | null | undefined): number | undefined {
  if (!order || !(order.items ?? []).some((item) => !item.isGift)) return undefined;
  const subtotal = order.itemsAmout ?? 0;
  const minimums = [order.minOrderValue, order.logistic?.orderMinPrice].filter((minimum) =>
    isBelow(subtotal, minimum),
  ) as number[];
  if (minimums.length === 0) return undefined;
  return (cents(Math.max(...minimums)) - cents(subtotal)) / 100;
}
