// What the current order holds of one product, as its card shows it: the line its stepper changes and
// the units over all its lines. Read from the cached order with react-query's `select`, whose result
// is structurally shared, so a card re-renders only when its own product's lines change.
import type { Order, OrderItem } from '@/contract/order.ts';
import { isOrderOpen } from '@/order/closed-order.ts';

export type CardLine = Pick<OrderItem, 'index' | 'providerId' | 'sku' | 'quantity'>;

export type InCart = {
  /** An order is loaded (adding needs one, spec section 4). */
  orderExists: boolean;
  /**
   * The line the card's stepper changes: the product's plain line (neither a gift nor a
   * subscription). Only while the order can change: a closed order's next add starts a new order.
   */
  line: CardLine | undefined;
  /** Units of the product over all its lines (variants and subscriptions too); 0 when none. */
  units: number;
};

/** The product id before a variant suffix ('11103&1110302' is product 11103). */
const baseId = (providerId: string) => providerId.split('&')[0];

export function inCart(order: Order | undefined, providerId: string): InCart {
  if (!order || !isOrderOpen(order)) return { orderExists: order !== undefined, line: undefined, units: 0 };
  const id = baseId(providerId);
  let line: CardLine | undefined;
  let units = 0;
  for (const item of order.items ?? []) {
    if (item.isGift || baseId(item.providerId) !== id) continue;
    units += item.quantity;
    if (!line && !item.subscription && item.quantity > 0) {
      line = { index: item.index, providerId: item.providerId, sku: item.sku, quantity: item.quantity };
    }
  }
  return { orderExists: true, line, units };
}
