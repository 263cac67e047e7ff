// Order totals, computed on the server from the items (never taken from the client).
//
// - An item's price is its promotional price when that is positive and below the unit price
//   (shopper spec, section 9), else its unit price; a gift costs nothing.
// - itemsAmout is the subtotal at unit prices; discountAmout is what promotions take off, plus the
//   order-level discounts issue 3 adds (coupon, manual discount), never more than the subtotal;
//   totalAmout = itemsAmout − discountAmout + delivery + service tax.
// So with no order-level extras, totalAmout is exactly the sum of the items' totalAmout.

export type PricedLine = {
  quantity: number;
  unitPriceCents: number;
  promotionalPriceCents: number | null;
  isGift: boolean;
};

export type OrderExtras = {
  /** Coupon and manual discounts on the whole order. */
  orderDiscountCents?: number;
  deliveryCents?: number;
  serviceTaxCents?: number;
};

export type OrderTotals = {
  itemsCents: number;
  discountCents: number;
  totalCents: number;
  lineTotalsCents: number[];
};

export function effectiveUnitPriceCents(line: PricedLine): number {
  if (line.isGift) return 0;
  const promo = line.promotionalPriceCents;
  return promo !== null && promo > 0 && promo < line.unitPriceCents ? promo : line.unitPriceCents;
}

export function lineTotalCents(line: PricedLine): number {
  assertWholeQuantity(line.quantity);
  return effectiveUnitPriceCents(line) * line.quantity;
}

export function computeOrderTotals(lines: readonly PricedLine[], extras: OrderExtras = {}): OrderTotals {
  const lineTotalsCents = lines.map(lineTotalCents);
  const itemsCents = lines.reduce((sum, l) => sum + (l.isGift ? 0 : l.unitPriceCents * l.quantity), 0);
  const afterPromotions = lineTotalsCents.reduce((sum, t) => sum + t, 0);
  const orderDiscount = Math.min(Math.max(extras.orderDiscountCents ?? 0, 0), afterPromotions);
  const discountCents = itemsCents - afterPromotions + orderDiscount;
  const totalCents =
    itemsCents -
    discountCents +
    Math.max(extras.deliveryCents ?? 0, 0) +
    Math.max(extras.serviceTaxCents ?? 0, 0);
  return { itemsCents, discountCents, totalCents, lineTotalsCents };
}

function assertWholeQuantity(quantity: number): void {
  // The database enforces it too; this catches a bug before it reaches a total.
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new RangeError(`quantidade inválida: ${quantity}`);
  }
}
