// The order's state changes outside confirmation: cancelling (GET /api/order/cancel) and the agent's
// switch between the semiautomatic flow and assisted sale (POST /api/order/semiautomatic).
//
// A confirmed or cancelled order stays the session's current order: the finish and checkout screens
// read its status ('Pedido cancelado', a Received order showing only the wrapper), and every later
// change is refused with 409. A new chat session starts a new order.
import type { Router } from 'express';
import { calls, OrderState, PaymentStatus } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { SandboxHttpError, sendOk } from '../http/envelope.ts';
import {
  loadOrderContext,
  orderAnswer,
  requireOpenOrder,
  requirePlatformUser,
} from '../order/order-context.ts';
import { writeCheckout } from '../order/order-state.ts';
import type { OrderRow } from '../order/orders.ts';
import { cancelPendingCharge } from '../payment/pix-charges.ts';
import { type CheckoutDeps, type Clock, routePath } from './route-kit.ts';

const MOUNT = '/api/order';

export function setOrderStatus(
  db: SandboxDb,
  order: Pick<OrderRow, 'id'>,
  status: OrderState,
  now: Clock,
): void {
  db.prepare('UPDATE orders SET status = ?, updated_at = ? WHERE id = ?').run(
    status,
    now().toISOString(),
    order.id,
  );
}

/**
 * Who may cancel what, as a shop would have it: anyone while the order is being built; once the shop
 * has received it, only its operator (the shopper asks in the chat); never twice, never a finished one.
 */
function requireCancellable(order: OrderRow, isPlatformUser: boolean): void {
  if (order.status === OrderState.Canceled) {
    throw new SandboxHttpError(409, 'Este pedido já foi cancelado.', 'validation');
  }
  if (order.status === OrderState.Finalized) {
    throw new SandboxHttpError(
      409,
      'Este pedido já foi finalizado e não pode mais ser cancelado.',
      'validation',
    );
  }
  if (order.status === OrderState.Received && !isPlatformUser) {
    throw new SandboxHttpError(
      403,
      'A loja já recebeu este pedido. Fale com o atendente no chat para cancelá-lo.',
      'unauthorized',
    );
  }
}

export function registerOrderStatusRoutes(router: Router, { db, now }: CheckoutDeps): void {
  router.get(routePath(calls.cancelOrder, MOUNT), (_req, res) => {
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requireCancellable(context.order, context.isPlatformUser);
      setOrderStatus(db, context.order, OrderState.Canceled, now);
      // A payment still waiting will never be collected; an approved one stays on record (refund is the shop's).
      writeCheckout(
        db,
        context.order,
        (state) =>
          state.payment?.status === PaymentStatus.Waiting
            ? { ...state, payment: { ...state.payment, status: PaymentStatus.Canceled } }
            : state,
        now,
      );
      // The order's Pix code can no longer be paid (with the extension: payment/pix-charges.ts).
      cancelPendingCharge(db, context.order.id);
      return orderAnswer(db, context);
    })();
    sendOk(res, answer);
  });

  router.post(routePath(calls.toggleSemiAutomatic, MOUNT), (_req, res) => {
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requirePlatformUser(context, 'Somente o atendente pode mudar o fluxo de atendimento.');
      requireOpenOrder(context.order);
      const next = context.order.is_in_semi_automatic === 1 ? 0 : 1;
      db.prepare('UPDATE orders SET is_in_semi_automatic = ?, updated_at = ? WHERE id = ?').run(
        next,
        now().toISOString(),
        context.order.id,
      );
      return { isInSemiAutomatic: next === 1 };
    })();
    sendOk(res, answer);
  });
}
