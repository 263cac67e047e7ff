// How far the order is from its next gift: an OPTIONAL extension of the order (decision 0025). The
// spec's gift groups are listed only once the order reaches them, with no threshold, so nothing in
// the spec's order says how much is missing. A backend with the extension answers `nextGift` on the
// order: the amount still missing (BRL, after promotions, as the backend counts it) to the cheapest
// gift group the order has not reached; absent or null once every group is reached or the shop has
// none. Without it the SPA says nothing about gifts to come, as the spec.
import type { z } from 'zod/mini';
import { money, tolerant } from './shared.ts';

export const nextGiftSchema = tolerant({
  /** In BRL, more than zero. */
  missingAmount: money,
});
export type NextGift = z.infer<typeof nextGiftSchema>;

/**
 * The order's `nextGift`, read outside order.ts's schema (the landing route parses the order, and
 * this stays out of its schema the way the Pix extension does); anything malformed counts as absent.
 */
export function orderNextGift(order: unknown): NextGift | undefined {
  const parsed = nextGiftSchema.safeParse((order as { nextGift?: unknown } | null | undefined)?.nextGift);
  return parsed.success && parsed.data.missingAmount > 0 ? parsed.data : undefined;
}
