// Order totals, computed on the server from the items (never taken from the client). Integer cents.
//
// - A price table scales every item's unit, promotional and list price by its percentage (rounded to the
//   cent). The list ("De") price is shown struck, never charged.
// - An item's price is its promotional price when that is positive and below the unit price
//   (shopper spec, section 9), else its unit price; a gift costs nothing.
// - itemsAmout (subtotal) is the sum at unit prices; discountAmout is what promotions take off, plus
//   the coupon (a percentage of the items after promotions) and the operator's manual discount,
//   never more than the subtotal.
// - Delivery is the chosen option's price, free when the items after discounts reach the option's
//   free-delivery threshold or when a free-delivery coupon is applied.
// - totalAmout = itemsAmout − discountAmout + delivery + service tax, so never below zero.

export type PricedLine = {
  quantity: number;
  unitPriceCents: number;
  promotionalPriceCents: number | null;
  /** The "De" price the line shows struck; absent or null when it has none. */
  listPriceCents?: number | null;
  isGift: boolean;
};

export type OrderExtras = {
  /** Price table percentage: −10 makes every item 10 % cheaper. */
  priceTablePercent?: number;
  /** Coupon percentage off the items after promotions (BEMVINDO10 = 10). */
  couponPercent?: number;
  /** A free-delivery coupon (FRETEGRATIS). */
  freeDeliveryCoupon?: boolean;
  /** The operator's manual discount. */
  manualDiscountCents?: number;
  /** The chosen delivery or pick-up option's price; null or absent = free. */
  deliveryCents?: number | null;
  /** The option is free once the items after discounts reach this. */
  freeDeliveryAboveCents?: number | null;
  serviceTaxCents?: number;
};

export type OrderTotals = {
  /** Subtotal at unit prices (price table applied). */
  itemsCents: number;
  /** What promotional prices take off. */
  promotionsCents: number;
  couponCents: number;
  manualDiscountCents: number;
  /** promotions + coupon + manual discount. */
  discountCents: number;
  deliveryCents: number;
  serviceTaxCents: number;
  totalCents: number;
  /** Each item's unit, promotional and list price after the price table. */
  unitPricesCents: { unit: number; promotional: number | null; list: number | null }[];
  /** Each item's total at its effective price. */
  lineTotalsCents: number[];
};

/** A price after a price table's percentage, rounded half up to the cent, never negative. */
export function applyPriceTable(cents: number, percent: number | undefined): number {
  if (!percent) return cents;
  return Math.max(0, Math.round((cents * (100 + percent)) / 100));
}

export function effectiveUnitPriceCents(line: PricedLine): number {
  if (line.isGift) return 0;
  const promo = line.promotionalPriceCents;
  return promo !== null && promo > 0 && promo < line.unitPriceCents ? promo : line.unitPriceCents;
}

export function lineTotalCents(line: PricedLine): number {
  assertWholeQuantity(line.quantity);
  return effectiveUnitPriceCents(line) * line.quantity;
}

/** A percentage of an amount in cents, rounded half up. */
const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

const nonNegative = (cents: number | null | undefined) => Math.max(cents ?? 0, 0);

export function computeOrderTotals(lines: readonly PricedLine[], extras: OrderExtras = {}): OrderTotals {
  const scaled = (cents: number | null | undefined) =>
    cents === null || cents === undefined ? null : applyPriceTable(cents, extras.priceTablePercent);
  const priced = lines.map((l) => ({
    ...l,
    unitPriceCents: applyPriceTable(l.unitPriceCents, extras.priceTablePercent),
    promotionalPriceCents: scaled(l.promotionalPriceCents),
    listPriceCents: scaled(l.listPriceCents),
  }));
  const lineTotalsCents = priced.map(lineTotalCents);
  const itemsCents = priced.reduce((sum, l) => sum + (l.isGift ? 0 : l.unitPriceCents * l.quantity), 0);
  const afterPromotions = lineTotalsCents.reduce((sum, t) => sum + t, 0);
  const promotionsCents = itemsCents - afterPromotions;

  const couponCents = Math.min(
    percentOf(afterPromotions, nonNegative(extras.couponPercent)),
    afterPromotions,
  );
  const manualDiscountCents = Math.min(
    nonNegative(extras.manualDiscountCents),
    afterPromotions - couponCents,
  );
  const afterDiscounts = afterPromotions - couponCents - manualDiscountCents;

  const threshold = extras.freeDeliveryAboveCents;
  const freeDelivery =
    extras.freeDeliveryCoupon === true ||
    (threshold !== null && threshold !== undefined && afterDiscounts >= threshold);
  const deliveryCents = freeDelivery ? 0 : nonNegative(extras.deliveryCents);
  const serviceTaxCents = nonNegative(extras.serviceTaxCents);

  const discountCents = promotionsCents + couponCents + manualDiscountCents;
  return {
    itemsCents,
    promotionsCents,
    couponCents,
    manualDiscountCents,
    discountCents,
    deliveryCents,
    serviceTaxCents,
    totalCents: itemsCents - discountCents + deliveryCents + serviceTaxCents,
    unitPricesCents: priced.map((l) => ({
      unit: l.unitPriceCents,
      promotional: l.promotionalPriceCents,
      list: l.listPriceCents,
    })),
    lineTotalsCents,
  };
}

function assertWholeQuantity(quantity: number): void {
  // The database enforces it too; this catches a bug before it reaches a total.
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new RangeError(`quantidade inválida: ${quantity}`);
  }
}
