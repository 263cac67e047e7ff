import type { CheckoutDraft, CheckoutFormValues } from '@/contract/checkout.ts';
import { PaymentMethod } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { Address } from '@/contract/session.ts';
import { serverHeldValues } from './server-held.ts';

/**
 * The checkout form when the screen opens: the shopper's draft, then what the server holds. The
 * server wins for what it stores (logistic with its store or address, seller, schedule, pay on
 * delivery, price table, coupon): another tab or the operator may have changed them since the draft
 * was saved, and the screen must show what finishing would confirm. The draft keeps what only the
 * form knows until finishing (payment method, manual payment text, the address and store being
 * looked at, the day being looked at).
 */
export function initialCheckoutValues(
  order: Order,
  draft: CheckoutDraft | undefined,
  addresses: readonly Address[] = [],
): CheckoutFormValues {
  const values: CheckoutFormValues = { ...stripNulls(draft ?? {}) };
  // The customer's default address (or their only one) is where delivery goes and where pick-up
  // stores are looked for, until the shopper picks another.
  const defaultIndex = addresses.length === 1 ? 0 : addresses.findIndex((a) => a.isDefault === true);
  const index = values.deliveryAddressIndex;
  if (index == null || index < 0 || index >= addresses.length) {
    values.deliveryAddressIndex = defaultIndex >= 0 ? defaultIndex : undefined;
  }
  if (!values.cep && defaultIndex >= 0) values.cep = addresses[defaultIndex]?.zipCode ?? undefined;
  // Pay on delivery the server does not hold was never sent, or was cleared by a switch of method
  // (issue 34): the shopper chooses a method again. When the server holds it, it comes back below.
  if (values.paymentMethod === PaymentMethod.OnDelivery) {
    values.paymentMethod = undefined;
    values.paymentOptionGroup = undefined;
    values.paymentOptionId = undefined;
    values.cashAmount = undefined;
  }
  return { ...values, ...serverHeldValues(order) };
}

function stripNulls(draft: CheckoutDraft): CheckoutFormValues {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) if (value !== null) result[key] = value;
  return result as CheckoutFormValues;
}

/** What is saved as the draft: the form without the pick-up CEP search fields. */
export function draftOf(values: CheckoutFormValues): CheckoutDraft {
  const { cep: _cep, cepNumber: _cepNumber, ...draft } = values;
  return draft;
}
