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
  /** Text of when the order is ready, e.g. 'Em até 2 horas'. */
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
