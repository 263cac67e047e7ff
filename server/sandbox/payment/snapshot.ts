// The order's payment snapshot (orders.checkout.payment, see order/order-state.ts): how a payment is
// started, when its window closes, and which provider charges it.
import { PaymentMethod, PaymentProviderType, PaymentStatus } from '../contract.ts';
import type { CheckoutState, ChosenPayment } from '../order/order-state.ts';
import type { Shop } from '../shop/shops.ts';
import { type PaymentRules, paymentWindowMinutes } from './rules.ts';

/** When a payment started at `now` stops being payable, or null when the shop sets no window. */
export function windowEnd(rules: PaymentRules, now: Date): string | null {
  const minutes = paymentWindowMinutes(rules);
  return minutes === null ? null : new Date(now.getTime() + minutes * 60_000).toISOString();
}

/** The external provider's payment page for an order, when the shop pays by link. */
export function paymentLinkFor(rules: PaymentRules, orderId: number): string | null {
  if (rules.paymentLinkBase === null || rules.providerType === PaymentProviderType.ShopProvider) return null;
  return `${rules.paymentLinkBase}${encodeURIComponent(String(orderId))}`;
}

/**
 * The page a Link payment is paid on: the shop's link provider's (its `paymentLinkBase`), whoever
 * charges its cards; null when the shop has none. Given when the order is finished with Link and the
 * extension of decision 0023 is on (checkout/confirm.ts).
 */
export function linkMethodPage(rules: PaymentRules, orderId: number): string | null {
  if (rules.paymentLinkBase === null) return null;
  return `${rules.paymentLinkBase}${encodeURIComponent(String(orderId))}`;
}

/**
 * A new payment of the shop for an order, status Waiting, its window opening now. Exported for the
 * modules that start a payment (the agent's confirmation, scenario seeds): a link provider's
 * payment carries its link.
 */
export function startPayment(
  rules: PaymentRules,
  orderId: number,
  choice: { method: PaymentMethod; providerId?: string | null; installments?: number | null },
  now: Date,
): ChosenPayment {
  return {
    method: choice.method,
    providerType: rules.providerType,
    link: paymentLinkFor(rules, orderId),
    status: PaymentStatus.Waiting,
    failureType: null,
    providerId: choice.providerId ?? null,
    installments: choice.installments ?? null,
    onDelivery: null,
    manualInformation: null,
    recaptchaKey: null,
    expiresAt: windowEnd(rules, now),
  };
}

/** Who charges this order: the provider its payment was started with, else the shop's. */
export function providerTypeOf(shop: Shop, state: CheckoutState): PaymentProviderType {
  return state.payment?.providerType ?? shop.rules.payment.providerType;
}

export { windowClosed } from '../order/order-state.ts';

/** A card payment being made on the card page or the brick (not Paid, Canceled or Expired). */
export function isOpenCardPayment(payment: ChosenPayment | undefined): payment is ChosenPayment {
  return (
    payment !== undefined &&
    payment.method === PaymentMethod.CreditCard &&
    (payment.status === PaymentStatus.Waiting || payment.status === PaymentStatus.Failed)
  );
}
