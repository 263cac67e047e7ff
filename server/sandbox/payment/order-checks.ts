// What every payment call checks on the order before money moves: it is still being built and not
// paid, it has items, nothing blocks it (minimum value, limits, unavailable items), and the shop's
// provider is the one this call pays with.
import { PaymentProviderType, PaymentStatus } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { badRequest, SandboxHttpError } from '../http/envelope.ts';
import { type OrderContext, orderAmounts, orderAnswer, requireOpenOrder } from '../order/order-context.ts';
import { type CheckoutState, readCheckout } from '../order/order-state.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import { providerTypeOf } from './snapshot.ts';

export const conflict = (message: string) => new SandboxHttpError(409, message, 'validation');

/** The order may be paid: open, not paid, with items and no problem. Returns its total in cents. */
export function requirePayableOrder(db: SandboxDb, context: OrderContext): number {
  const state = readCheckout(context.order);
  if (state.payment?.status === PaymentStatus.Paid) throw conflict(PAYMENT_MESSAGES.alreadyPaid);
  requireOpenOrder(context.order);
  const amounts = orderAmounts(db, context);
  if (!amounts.items.some((item) => item.is_gift === 0)) throw badRequest(PAYMENT_MESSAGES.emptyOrder);
  const [problem] = orderAnswer(db, context).catalogErrorMessages;
  if (problem) throw conflict(problem);
  return amounts.totalCents;
}

/** The order has paid items (the card options are computed from its total). Returns the total. */
export function requireItems(db: SandboxDb, context: OrderContext): number {
  const amounts = orderAmounts(db, context);
  if (!amounts.items.some((item) => item.is_gift === 0)) throw badRequest(PAYMENT_MESSAGES.emptyOrder);
  return amounts.totalCents;
}

export function requireCreditEnabled(context: OrderContext): void {
  if (!context.shop.rules.payment.enableCreditPayment) throw conflict(PAYMENT_MESSAGES.creditDisabled);
}

/**
 * The card page charges the card itself only when no one else does: not with the Mercado Pago
 * brick, not on an external provider's page (a payment link), not by a manual arrangement.
 */
export function requireCardPageProvider(context: OrderContext, state: CheckoutState): void {
  const providerType = providerTypeOf(context.shop, state);
  if (providerType === PaymentProviderType.MercadoPago) throw conflict(PAYMENT_MESSAGES.payByMercadoPago);
  if (providerType === PaymentProviderType.Manual) throw conflict(PAYMENT_MESSAGES.payManually);
  const hasLink =
    Boolean(state.payment?.link) ||
    (providerType !== PaymentProviderType.ShopProvider &&
      context.shop.rules.payment.paymentLinkBase !== null);
  if (hasLink) throw conflict(PAYMENT_MESSAGES.payByLink);
}
