// Money the shopper can see coming (issue 38): how much is missing for the order's minimum and for
// the next gift, and a gift lost because the subtotal dropped, from the server's own numbers.

import { orderNextGift } from '@/contract/next-gift.ts';
import type { Order } from '@/contract/order.ts';
import { formatBRL } from '@/lib/format.ts';
import { missingForMinimum } from '../order-problems.ts';

export const minimumProgress = (missing: number) => `Faltam ${formatBRL(missing)} para o pedido mínimo`;
export const giftProgress = (missing: number) => `Faltam ${formatBRL(missing)} para ganhar o brinde`;
export const giftLost = (missing: number | undefined) =>
  missing ? `Você perdeu o brinde: faltam ${formatBRL(missing)}` : 'Você perdeu o brinde.';

/**
 * The lines the footer shows under the confirm: the minimum's, then the next gift's (only with the
 * backend's optional `nextGift`, and only once the cart has something in it).
 */
export function progressLines(order: Order | undefined): string[] {
  if (!order || !(order.items ?? []).some((item) => !item.isGift)) return [];
  const lines: string[] = [];
  const minimum = missingForMinimum(order);
  if (minimum) lines.push(minimumProgress(minimum));
  const gift = orderNextGift(order);
  if (gift) lines.push(giftProgress(gift.missingAmount));
  return lines;
}

/** The gift groups the order has reached (the spec lists a group once the order reaches it). */
export const reachedGiftGroups = (order: Order | undefined): string[] =>
  (order?.gifts ?? []).filter((group) => group.availableGifts?.length).map((group) => group.id);

/**
 * Whether the new order lost a gift group the previous one had reached: the subtotal dropped under
 * its threshold (a closed or emptied order is not a loss to announce).
 */
export function lostGift(previous: Order | undefined, next: Order | undefined): boolean {
  if (!previous || !next || (next.items ?? []).every((item) => item.isGift)) return false;
  const now = new Set(reachedGiftGroups(next));
  return reachedGiftGroups(previous).some((id) => !now.has(id));
}
