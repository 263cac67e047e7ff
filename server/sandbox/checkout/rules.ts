// The checkout configuration of a shop (server-only, in shops.rules.checkout): stores, pick-up and
// delivery options, sellers, schedule and payment options. Amounts in cents.
// Owned by the checkout module; the seed writes it (seed/checkout.ts) and the checkout routes read it.
import type { PaymentMethod } from '../contract.ts';

export type StoreRule = {
  providerId: string;
  name: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  zipCode: string;
  /** 'Taxa de serviço' of picking up at this store; 0 shows 'Grátis'. */
  serviceTaxCents: number;
  /** Where the store is, so pick-up options can be listed nearest first for a CEP. */
  latitude: number | null;
  longitude: number | null;
};

/** Limits a logistic option imposes on the order (the cart checks them). */
export type LogisticLimits = {
  orderMinPriceCents: number;
  maxDistinctItems: number;
  maxItemsAmout: number;
};

export type PickUpOptionRule = LogisticLimits & {
  providerId: string;
  name: string;
  storeProviderId: string;
  /** null: free. */
  priceCents: number | null;
  description: string;
  /** When the order is ready, shown after 'Em até': e.g. '2 horas'. */
  shippingTimeEstimative: string;
};

export type DeliveryOptionRule = LogisticLimits & {
  providerId: string;
  name: string;
  /** 1 ExpressDelivery or 2 Shipping (LogisticType). */
  logisticType: 1 | 2;
  /** CEP prefixes (digits) this option serves; empty serves every CEP. */
  cepPrefixes: readonly string[];
  priceCents: number;
  /** The delivery is free when the order's items (after promotions) reach this; null never. */
  freeAboveCents: number | null;
  /** Estimates shown after 'Em até', e.g. '1 hora' and '3 horas'. */
  minShippingTimeEstimative: string;
  shippingTimeEstimative: string;
  storeName: string;
  description: string;
};

export type SellerRule = {
  providerId: string;
  name: string;
  address: string;
  serviceTaxCents: number;
  /** CEP prefixes served; empty serves every CEP. */
  cepPrefixes: readonly string[];
};

export type ScheduleRule = {
  /** How many days ahead the schedule offers, starting today. */
  days: number;
  /** Weekdays without deliveries (0 Sunday … 6 Saturday). */
  closedWeekdays: readonly number[];
  /** Daily slots, 'HH:MM'; a slot closes `cutoffMinutes` before it starts. */
  slots: readonly { startTime: string; endTime: string }[];
  cutoffMinutes: number;
};

/**
 * A payment option of GET /api/order/payments/. On-delivery options (payOnDelivery) are grouped:
 * group 'Dinheiro' is cash, any other group is a card machine brought by the courier. A Custom (7)
 * option is the shop's own method, offered only in manual payment mode.
 */
export type PaymentOptionRule = {
  method: PaymentMethod;
  name: string;
  /** On-delivery group, e.g. 'Dinheiro' or 'Cartão na entrega'. */
  group: string | null;
  providerId: string;
  payOnDelivery: boolean;
};

export type CheckoutRules = {
  stores: readonly StoreRule[];
  pickUpOptions: readonly PickUpOptionRule[];
  deliveryOptions: readonly DeliveryOptionRule[];
  sellers: readonly SellerRule[];
  schedule: ScheduleRule;
  paymentOptions: readonly PaymentOptionRule[];
  /** The shop's PIX key for manual PIX (POST /api/order/pix/manual). */
  pixKey: string;
};
