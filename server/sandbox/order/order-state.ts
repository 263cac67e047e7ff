// The checkout choices of an order, kept in orders.checkout as JSON. Each choice is a snapshot of
// what the shopper chose, taken when the choice was made (names, addresses, prices in cents), so the
// order reads the same even if the shop's configuration changes later; the totals apply the live
// rules (free delivery above a threshold, coupon) to these snapshots every time the order is read.
//
// Who writes what: the checkout module writes logistic, seller, schedule and on-delivery payment;
// the payment module writes payment; the order module writes coupon, manual discount and price table.
import {
  type FailureType,
  type LogisticType,
  type PaymentMethod,
  type PaymentProviderType,
  PaymentStatus,
} from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import type { IssuedBoleto } from '../payment/boleto.ts';
import type { OrderRow } from './orders.ts';

export type StoreAddressSnapshot = {
  providerId: string;
  name: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  zipCode: string;
};

export type ChosenLogistic = {
  /** LogisticType of the option: 0 StorePickUp, 1 ExpressDelivery, 2 Shipping. */
  type: LogisticType;
  providerId: string;
  name: string;
  /** Price before the free-delivery rules; null = free. */
  priceCents: number | null;
  /** Free once the items (after promotions and discounts) reach this; null never. */
  freeAboveCents: number | null;
  /** 'Taxa de serviço' of the pick-up store (0 when delivering). */
  serviceTaxCents: number;
  /** When the delivery starts or the order is ready, as shown ('Em até 2 horas'). */
  startDeliveryTime: string | null;
  storePickUpAddress: StoreAddressSnapshot | null;
  /** Index in the customer's address list of the delivery address (delivery only). */
  addressIndex: number | null;
  /** The CEP the option was quoted for, digits only. */
  cep: string | null;
  /** Set by the operator's manual freight (enableManualPrices). */
  manual: boolean;
  orderMinPriceCents: number;
  maxDistinctItems: number;
  maxItemsAmout: number;
};

export type ChosenSeller = {
  providerId: string;
  name: string;
  address: string;
  serviceTaxCents: number;
};

export type ChosenSchedule = { day: string; startTime: string; endTime: string | null };

export type ChosenPayment = {
  method: PaymentMethod;
  providerType: PaymentProviderType;
  /** The external provider's payment page, when the provider is not the shop's own. */
  link: string | null;
  status: PaymentStatus;
  failureType: FailureType | null;
  /** Card provider and installments chosen on the card page. */
  providerId: string | null;
  installments: number | null;
  /** Pay on delivery: the option, its group and the cash amount (group 'Dinheiro'). */
  onDelivery: { providerId: string | null; group: string; cashAmountCents: number | null } | null;
  /** Manual payment information given by the operator (PIX key, card link, custom method). */
  manualInformation: string | null;
  /** Set after a ReCAPTCHA failure: the site key the SPA must solve before retrying. */
  recaptchaKey: string | null;
  /** When the payment window closes (ISO instant); after it a Waiting payment is Expired. Null: never. */
  expiresAt?: string | null;
  /**
   * The boleto the provider issued when the order was finished with Boleto and the extension on
   * (decision 0023; payment/boleto.ts). Absent otherwise, and in orders stored before it existed.
   */
  boleto?: IssuedBoleto;
};

export type CheckoutState = {
  logistic?: ChosenLogistic;
  seller?: ChosenSeller;
  schedule?: ChosenSchedule;
  payment?: ChosenPayment;
  /** The applied coupon code, upper case. */
  coupon?: string;
  manualDiscountCents?: number;
  priceTableId?: string;
};

/** A payment not yet settled (Waiting or Failed) whose window has closed. */
export function windowClosed(payment: ChosenPayment | undefined, now: Date): boolean {
  if (!payment?.expiresAt) return false;
  if (payment.status !== PaymentStatus.Waiting && payment.status !== PaymentStatus.Failed) return false;
  return Date.parse(payment.expiresAt) <= now.getTime();
}

/** The payment's status as the shopper should see it now: Expired once its window has closed. */
export function paymentStatusAt(payment: ChosenPayment, now: Date): PaymentStatus {
  return windowClosed(payment, now) ? PaymentStatus.Expired : payment.status;
}

export function readCheckout(order: Pick<OrderRow, 'checkout'>): CheckoutState {
  return JSON.parse(order.checkout) as CheckoutState;
}

/**
 * Replaces the order's checkout state (call inside the route's transaction). Returns the new state.
 * Pass a function to derive it from the current one.
 */
export function writeCheckout(
  db: SandboxDb,
  order: Pick<OrderRow, 'id' | 'checkout'>,
  next: CheckoutState | ((current: CheckoutState) => CheckoutState),
  now: () => Date = () => new Date(),
): CheckoutState {
  const state = typeof next === 'function' ? next(readCheckout(order)) : next;
  db.prepare('UPDATE orders SET checkout = ?, updated_at = ? WHERE id = ?').run(
    JSON.stringify(state),
    now().toISOString(),
    order.id,
  );
  return state;
}
