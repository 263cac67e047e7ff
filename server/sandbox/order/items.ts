// POST /api/order/items/: add, change or remove one item of the current order (shopper spec, sections
// 4 and 7). With `index` the call targets that line and sets its quantity (0 removes it); without,
// it adds the quantity to the line of the same product, variant and subscription, or opens a new
// line. Prices come from the catalogue, never from the client. With the flow's seller step, nothing
// more goes in until the operator has chosen the store (contract/seller-step.ts, as the SPA's controls).
import { findOrderableProduct } from '../catalog/orderable-product.ts';
import { checkoutSettings } from '../checkout/settings.ts';
import {
  CHOOSE_STORE_FIRST,
  canChangeQuantity,
  MAX_QUANTITY,
  type OrderItemUpdate,
  OrderState,
  storeNotChosen,
} from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { badRequest, notFound, SandboxHttpError } from '../http/envelope.ts';
import { reconcileGifts } from './gifts.ts';
import { assertAttributes, assertBuyable, assertSubscription, priceChoice } from './item-rules.ts';
import type { OrderContext } from './order-context.ts';
import { readCheckout } from './order-state.ts';
import { getOrCreateCurrentOrder, type OrderRow } from './orders.ts';

/** A sanity bound on lines per order, far above any shop's maxDistinctItems. */
export const MAX_ORDER_LINES = 200;

type LineRow = {
  idx: number;
  product_id: string;
  sku: string;
  quantity: number;
  is_gift: number;
  subscription: string | null;
};

const subscriptionKey = (update: OrderItemUpdate) =>
  update.subscription ? JSON.stringify(update.subscription) : null;

function lines(db: SandboxDb, orderId: number): LineRow[] {
  return db
    .prepare<[number], LineRow>(
      'SELECT idx, product_id, sku, quantity, is_gift, subscription FROM order_items WHERE order_id = ? ORDER BY idx',
    )
    .all(orderId);
}

/**
 * The order to change: the current one while it is being built; once it was confirmed, cancelled or
 * paid, adding an item starts the session's next order (what a shopper expects after checking out).
 */
function openOrderFor(db: SandboxDb, context: OrderContext, now: () => Date): OrderRow {
  if (context.order.status === OrderState.Creating) return context.order;
  db.prepare('UPDATE orders SET is_current = 0 WHERE id = ?').run(context.order.id);
  return getOrCreateCurrentOrder(db, context.session, now);
}

/**
 * Refuses a change the seller step locks (canChangeQuantity): a line of `order` going from `from` to
 * `to` units while the operator has not chosen its store. 409: the order's state refuses it, not the request's
 * shape; it passes once a store is chosen.
 */
function assertStoreAllows(context: OrderContext, order: OrderRow, from: number, to: number): void {
  const locked = storeNotChosen(checkoutSettings(context.shop), context.isPlatformUser, readCheckout(order));
  if (!canChangeQuantity(locked, from, to)) {
    throw new SandboxHttpError(409, `${CHOOSE_STORE_FIRST}.`, 'validation');
  }
}

export function updateOrderItem(
  db: SandboxDb,
  context: OrderContext,
  update: OrderItemUpdate,
  now: () => Date = () => new Date(),
): OrderRow {
  const product = findOrderableProduct(db, context.shop.catalogShopId, update.providerId);
  if (!product) throw notFound('Produto não encontrado.');

  if (update.index !== undefined) {
    const idx = Number(update.index);
    const line = lines(db, context.order.id).find((l) => l.idx === idx);
    if (!line || context.order.status !== OrderState.Creating)
      throw notFound('Item não encontrado no pedido.');
    if (line.product_id !== product.id) throw badRequest('O item informado não corresponde ao produto.');
    if (line.is_gift === 1) throw badRequest('Brindes não podem ser alterados nem removidos.');
    if (update.quantity === 0) {
      db.prepare('DELETE FROM order_items WHERE order_id = ? AND idx = ?').run(context.order.id, idx);
    } else {
      // Another variant or subscription on the line is another item: it starts from none.
      const sameItem =
        priceChoice(product, update).sku === line.sku &&
        (update.subscription === undefined || subscriptionKey(update) === line.subscription);
      assertStoreAllows(context, context.order, sameItem ? line.quantity : 0, update.quantity);
      setLine(db, context, context.order, idx, product, update, update.quantity);
    }
    return finish(db, context, context.order, now);
  }

  if (update.quantity === 0) {
    const same = lines(db, context.order.id).find(
      (l) => l.is_gift === 0 && l.product_id === product.id && (!update.sku || l.sku === update.sku),
    );
    if (!same || context.order.status !== OrderState.Creating)
      throw notFound('Item não encontrado no pedido.');
    db.prepare('DELETE FROM order_items WHERE order_id = ? AND idx = ?').run(context.order.id, same.idx);
    return finish(db, context, context.order, now);
  }

  const order = openOrderFor(db, context, now);
  assertBuyable(product, {
    restrictedSalesDisabled: context.shop.settings.disableRestrictedProducts === true,
    isPlatformUser: context.isPlatformUser,
  });
  const price = priceChoice(product, update);
  const current = lines(db, order.id);
  const same = current.find(
    (l) =>
      l.is_gift === 0 &&
      l.product_id === product.id &&
      l.sku === price.sku &&
      l.subscription === subscriptionKey(update),
  );
  assertStoreAllows(context, order, same?.quantity ?? 0, (same?.quantity ?? 0) + update.quantity);
  if (same) {
    const quantity = same.quantity + update.quantity;
    if (quantity > MAX_QUANTITY) throw badRequest(`A quantidade máxima de um item é ${MAX_QUANTITY}.`);
    setLine(db, context, order, same.idx, product, update, quantity);
  } else {
    if (current.length >= MAX_ORDER_LINES) {
      throw badRequest(`Um pedido pode ter no máximo ${MAX_ORDER_LINES} itens diferentes.`);
    }
    assertAttributes(product, update);
    assertSubscription(product, update);
    assertPreferences(order, update);
    const idx = current.reduce((max, l) => Math.max(max, l.idx + 1), 0);
    db.prepare(
      `INSERT INTO order_items (order_id, idx, product_id, sku, quantity, unit_price_cents, promotional_price_cents,
         list_price_cents, attributes, subscription, preferences, seller_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      order.id,
      idx,
      product.id,
      price.sku,
      update.quantity,
      price.unitPriceCents,
      price.promotionalPriceCents,
      price.listPriceCents,
      JSON.stringify(update.attributes ?? []),
      subscriptionKey(update),
      update.preferences ?? '',
      product.sellerId,
    );
  }
  return finish(db, context, order, now);
}

function assertPreferences(order: OrderRow, update: OrderItemUpdate): void {
  if (update.preferences && order.enable_preferences !== 1) {
    throw badRequest('Este pedido não aceita observações nos itens.');
  }
}

/** Sets a line's quantity and, when sent, its variant, attributes, subscription and preferences. */
function setLine(
  db: SandboxDb,
  context: OrderContext,
  order: OrderRow,
  idx: number,
  product: NonNullable<ReturnType<typeof findOrderableProduct>>,
  update: OrderItemUpdate,
  quantity: number,
): void {
  assertBuyable(product, {
    restrictedSalesDisabled: context.shop.settings.disableRestrictedProducts === true,
    isPlatformUser: context.isPlatformUser,
  });
  assertAttributes(product, update);
  assertSubscription(product, update);
  assertPreferences(order, update);
  const price = priceChoice(product, update);
  db.prepare(
    `UPDATE order_items SET quantity = ?, sku = ?, unit_price_cents = ?, promotional_price_cents = ?,
       list_price_cents = ?, attributes = COALESCE(?, attributes),
       subscription = CASE WHEN ? THEN ? ELSE subscription END,
       preferences = COALESCE(?, preferences)
     WHERE order_id = ? AND idx = ?`,
  ).run(
    quantity,
    price.sku,
    price.unitPriceCents,
    price.promotionalPriceCents,
    price.listPriceCents,
    update.attributes ? JSON.stringify(update.attributes) : null,
    update.subscription !== undefined ? 1 : 0,
    subscriptionKey(update),
    update.preferences ?? null,
    order.id,
    idx,
  );
}

function finish(db: SandboxDb, context: OrderContext, order: OrderRow, now: () => Date): OrderRow {
  reconcileGifts(db, { shop: context.shop, order });
  db.prepare('UPDATE orders SET updated_at = ? WHERE id = ?').run(now().toISOString(), order.id);
  return order;
}
