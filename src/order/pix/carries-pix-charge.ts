import type { Order } from '@/contract/order.ts';

/**
 * The status of the Pix charge the order carries (`order.pixCharge`, the optional extension of
 * contract/pix.ts), read without the charge's schema: the checkout and the cart decide only whether
 * to lead to the Pix page, whose chunk parses the charge (a malformed one counts as none there, and
 * the page gives way to /finish). Undefined when the order carries none (a backend without the extension).
 */
export function pixChargeStatus(order: Order | undefined): unknown {
  const charge = (order as { pixCharge?: unknown } | undefined)?.pixCharge;
  if (typeof charge !== 'object' || charge === null) return undefined;
  return (charge as { status?: unknown }).status ?? null;
}
