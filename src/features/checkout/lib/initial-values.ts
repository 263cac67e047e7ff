import {
  type CheckoutDraft,
  type CheckoutFormValues,
  NO_PRICE_TABLE_ID,
} from '../../../contract/checkout.ts';
import { LogisticFormValue, LogisticType } from '../../../contract/enums.ts';
import type { Order } from '../../../contract/order.ts';
import type { Address } from '../../../contract/session.ts';

/**
 * The checkout form when the screen opens: the shopper's draft, then what the server holds. The
 * server wins for what it stores (chosen logistic, seller, price table, coupon): another tab or the
 * operator may have changed them since the draft was saved. The draft keeps what only the form
 * knows until finishing (payment method and its details, the address and store being looked at,
 * the day, the typed cash amount).
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
  const logistic = order.logistic;
  if (logistic?.providerId) {
    values.selectedLogistic = logistic.providerId;
    values.logisticType =
      logistic.type === LogisticType.StorePickUp ? LogisticFormValue.PickUp : LogisticFormValue.Delivery;
    if (logistic.type === LogisticType.StorePickUp && logistic.storePickUpAddress?.providerId) {
      values.pickupAddress = logistic.storePickUpAddress.providerId;
    }
  } else {
    // The server has no logistic: a stored choice of option no longer holds.
    values.selectedLogistic = undefined;
  }
  values.selectedSeller = order.seller?.providerId ?? undefined;
  values.priceTableId = order.providerPriceTableId || NO_PRICE_TABLE_ID;
  values.coupon = order.coupon ?? '';
  return values;
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
