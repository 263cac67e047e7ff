// The order's amounts from what is stored: its items, its checkout choices (logistic, seller, coupon,
// manual discount, price table) and the shop's rules. The arithmetic is order-totals.ts.
import type { SandboxDb } from '../db/types.ts';
import type { Shop } from '../shop/shops.ts';
import { findCoupon } from './coupon-store.ts';
import { readCheckout } from './order-state.ts';
import { computeOrderTotals, type OrderTotals } from './order-totals.ts';
import type { OrderRow } from './orders.ts';

export type OrderItemRow = {
  idx: number;
  product_id: string;
  sku: string;
  quantity: number;
  unit_price_cents: number;
  promotional_price_cents: number | null;
  list_price_cents: number | null;
  is_gift: number;
  gift_group_id: string | null;
  seller_id: string | null;
  attributes: string;
  subscription: string | null;
  preferences: string;
  name: string;
  details: string;
  has_shipping_restriction: number;
};

export function listOrderItems(db: SandboxDb, orderId: number): OrderItemRow[] {
  return db
    .prepare<[number], OrderItemRow>(
      `SELECT i.idx, i.product_id, i.sku, i.quantity, i.unit_price_cents, i.promotional_price_cents, i.list_price_cents, i.is_gift,
         i.gift_group_id, i.seller_id, i.attributes, i.subscription, i.preferences, p.name, p.details,
         p.has_shipping_restriction
       FROM order_items i JOIN products p ON p.id = i.product_id
       WHERE i.order_id = ? ORDER BY i.idx`,
    )
    .all(orderId);
}

export type OrderAmounts = OrderTotals & {
  items: OrderItemRow[];
  /** The coupon applied, when it still exists and is active. */
  couponCode: string | null;
};

export function computeOrderAmounts(db: SandboxDb, order: OrderRow, shop: Shop): OrderAmounts {
  const items = listOrderItems(db, order.id);
  const state = readCheckout(order);
  const coupon = state.coupon ? findCoupon(db, shop.id, state.coupon) : undefined;
  const priceTable = state.priceTableId
    ? shop.rules.priceTables.find((t) => t.id === state.priceTableId)
    : undefined;
  const totals = computeOrderTotals(
    items.map((i) => ({
      quantity: i.quantity,
      unitPriceCents: i.unit_price_cents,
      promotionalPriceCents: i.promotional_price_cents,
      listPriceCents: i.list_price_cents,
      isGift: i.is_gift === 1,
    })),
    {
      priceTablePercent: priceTable?.percent,
      couponPercent: coupon?.kind === 'percent' ? (coupon.valuePercent ?? 0) : 0,
      freeDeliveryCoupon: coupon?.kind === 'free-delivery',
      manualDiscountCents: state.manualDiscountCents,
      deliveryCents: state.logistic?.priceCents ?? null,
      freeDeliveryAboveCents: state.logistic?.freeAboveCents ?? null,
      serviceTaxCents: (state.seller?.serviceTaxCents ?? 0) + (state.logistic?.serviceTaxCents ?? 0),
    },
  );
  return { ...totals, items, couponCode: coupon ? coupon.code : null };
}
