// The session's current order: found or created, read with its items, shaped for the wire with
// totals computed here from the items (rules/order-totals.ts), never stored and never trusted from a client.
import { OrderState } from '../contract.ts';
import type { SandboxDb } from '../db/open.ts';
import { centsToReais } from '../rules/money.ts';
import { computeOrderTotals } from '../rules/order-totals.ts';
import { findUserShop, type SessionRecord } from './sessions.ts';
import type { ShopRules } from './shops.ts';

export type OrderRow = {
  id: number;
  session_code: string;
  shop_id: string;
  user_id: string;
  is_anonymous: number;
  status: number;
  is_in_semi_automatic: number;
  enable_preferences: number;
  checkout: string;
};

type ItemRow = {
  idx: number;
  product_id: string;
  sku: string;
  quantity: number;
  unit_price_cents: number;
  promotional_price_cents: number | null;
  is_gift: number;
  attributes: string;
  subscription: string | null;
  preferences: string;
  name: string;
  details: string;
  has_shipping_restriction: number;
};

const ORDER_COLUMNS =
  'id, session_code, shop_id, user_id, is_anonymous, status, is_in_semi_automatic, enable_preferences, checkout';

export function findCurrentOrder(db: SandboxDb, sessionCode: string): OrderRow | undefined {
  return db
    .prepare<[string], OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE session_code = ? AND is_current = 1`,
    )
    .get(sessionCode);
}

/**
 * The session's current order, created empty on first ask. The unique partial index on
 * (session_code) WHERE is_current = 1 makes a second concurrent creation a no-op.
 */
export function getOrCreateCurrentOrder(
  db: SandboxDb,
  session: SessionRecord & { shopId: string },
  now: () => Date = () => new Date(),
): OrderRow {
  const existing = findCurrentOrder(db, session.code);
  if (existing) return existing;
  const userShop = session.userShopId ? findUserShop(db, session.userShopId) : undefined;
  // Sessions without a known person still get an order, as an anonymous one tied to the session.
  const userId = userShop?.id ?? `anonymous-${session.channelId}`;
  const isAnonymous = userShop ? userShop.isAnonymous : true;
  const at = now().toISOString();
  db.prepare(
    `INSERT INTO orders (session_code, shop_id, user_id, is_anonymous, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (session_code) WHERE is_current = 1 DO NOTHING`,
  ).run(session.code, session.shopId, userId, isAnonymous ? 1 : 0, OrderState.Creating, at, at);
  const created = findCurrentOrder(db, session.code);
  if (!created) throw new Error('current order missing right after creation');
  return created;
}

function listItems(db: SandboxDb, orderId: number): ItemRow[] {
  return db
    .prepare<[number], ItemRow>(
      `SELECT i.idx, i.product_id, i.sku, i.quantity, i.unit_price_cents, i.promotional_price_cents, i.is_gift,
         i.attributes, i.subscription, i.preferences, p.name, p.details, p.has_shipping_restriction
       FROM order_items i JOIN products p ON p.id = i.product_id
       WHERE i.order_id = ? ORDER BY i.idx`,
    )
    .all(orderId);
}

/** The order as GET /api/order/current answers it (both specs, section 3). */
export function orderToWire(db: SandboxDb, order: OrderRow, rules: ShopRules) {
  const items = listItems(db, order.id);
  const lines = items.map((i) => ({
    quantity: i.quantity,
    unitPriceCents: i.unit_price_cents,
    promotionalPriceCents: i.promotional_price_cents,
    isGift: i.is_gift === 1,
  }));
  const totals = computeOrderTotals(lines);
  const userShop = findUserShop(db, order.user_id);

  return {
    id: String(order.id),
    status: order.status,
    items: items.map((i, n) => {
      const details = JSON.parse(i.details) as { images?: { url: string }[] };
      return {
        index: i.idx,
        providerId: i.product_id,
        quantity: i.quantity,
        attributes: JSON.parse(i.attributes) as unknown[],
        sku: i.sku,
        subscription: i.subscription === null ? null : (JSON.parse(i.subscription) as unknown),
        name: i.name,
        images: details.images ?? [],
        unitPrice: centsToReais(i.unit_price_cents),
        promotionalPrice: i.promotional_price_cents === null ? null : centsToReais(i.promotional_price_cents),
        totalAmout: centsToReais(totals.lineTotalsCents[n] ?? 0),
        isGift: i.is_gift === 1,
        sellerId: order.shop_id,
        priceTags: [],
        preferences: i.preferences,
        hasShippingRestriction: i.has_shipping_restriction === 1,
      };
    }),
    gifts: [],
    coupon: null,
    itemsAmout: centsToReais(totals.itemsCents),
    discountAmout: centsToReais(totals.discountCents),
    totalAmout: centsToReais(totals.totalCents),
    minOrderValue: rules.minOrderValue,
    logistic: {
      maxDistinctItems: rules.maxDistinctItems,
      maxItemsAmout: rules.maxItemsAmout,
      orderMinPrice: rules.orderMinPrice,
      price: null,
      startDeliveryTime: null,
      type: null,
      providerId: null,
      storePickUpAddress: null,
    },
    catalogErrorMessages: [],
    userId: order.user_id,
    isAnonymousUser: order.is_anonymous === 1,
    seller: null,
    isInSemiAutomatic: order.is_in_semi_automatic === 1,
    recaptchaKey: null,
    enablePreferences: order.enable_preferences === 1,
    enableDelivery: true,
    enablePickUp: true,
    enableCreditPayment: true,
    enablePixPayment: true,
    enableNubankPayment: false,
    enableLinkPayment: true,
    enableBoletoPayment: true,
    payment: null,
    customer: userShop ? { ...userShop.customer, address: null } : null,
    providerPriceTableId: null,
  };
}
