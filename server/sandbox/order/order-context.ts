// What every order-scoped route starts from: the session, its shop and its current order.
// Checkout, payment and send routes use these helpers so they all refuse the same way.
import type { Response } from 'express';
import { OrderState, SessionType } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { currentShopSession } from '../http/auth.ts';
import { notFound, SandboxHttpError } from '../http/envelope.ts';
import { pixChargesOn } from '../payment/pix-switch.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { findShop, type Shop } from '../shop/shops.ts';
import { computeOrderAmounts, type OrderAmounts } from './order-amounts.ts';
import { orderToWire } from './order-wire.ts';
import { getOrCreateCurrentOrder, type OrderRow } from './orders.ts';

export type OrderContext = {
  session: SessionRecord & { shopId: string };
  shop: Shop;
  order: OrderRow;
  isPlatformUser: boolean;
  /** The Pix charge extension is on for this call (app.ts; payment/pix-charges.ts). */
  pixCharges: boolean;
};

/**
 * The session's shop and current order (created empty on first ask). Call inside the route's
 * transaction when the route writes, so the read and the write see the same order.
 */
export function loadOrderContext(db: SandboxDb, res: Response): OrderContext {
  const session = currentShopSession(res);
  const shop = findShop(db, session.shopId);
  if (!shop) throw notFound('Loja não encontrada.');
  const order = getOrCreateCurrentOrder(db, session);
  return {
    session,
    shop,
    order,
    isPlatformUser: session.sessionType === SessionType.PlatformUser,
    pixCharges: pixChargesOn(res),
  };
}

/**
 * Refuses to change an order that is no longer being built (Received, Finalized, Canceled...). A
 * canceled one says so: 'finalizado' would tell the shopper it went through.
 */
export function requireOpenOrder(order: OrderRow): void {
  if (order.status === OrderState.Creating) return;
  const message =
    order.status === OrderState.Canceled
      ? 'Este pedido foi cancelado e não pode mais ser alterado.'
      : 'Este pedido já foi finalizado e não pode mais ser alterado.';
  throw new SandboxHttpError(409, message, 'validation');
}

/** Refuses a call only an operator (platform user) may make. */
export function requirePlatformUser(context: OrderContext, message: string): void {
  if (!context.isPlatformUser) throw new SandboxHttpError(403, message, 'unauthorized');
}

/** Re-reads the order row (after a write) so the answer shows what is stored. */
export function reloadOrder(db: SandboxDb, order: OrderRow): OrderRow {
  const row = db
    .prepare<[number], OrderRow>(
      `SELECT id, session_code, shop_id, user_id, is_anonymous, status, is_in_semi_automatic,
         enable_preferences, checkout FROM orders WHERE id = ?`,
    )
    .get(order.id);
  if (!row) throw new Error(`order ${order.id} vanished`);
  return row;
}

/** The order as every order-answering call returns it. */
export function orderAnswer(
  db: SandboxDb,
  context: Pick<OrderContext, 'shop' | 'order'> & Partial<Pick<OrderContext, 'pixCharges'>>,
) {
  return orderToWire(db, reloadOrder(db, context.order), context.shop, {
    pixCharges: context.pixCharges ?? false,
  });
}

/** The order's amounts in cents (subtotal, discounts, delivery, service tax, total). */
export function orderAmounts(db: SandboxDb, context: Pick<OrderContext, 'shop' | 'order'>): OrderAmounts {
  return computeOrderAmounts(db, reloadOrder(db, context.order), context.shop);
}
