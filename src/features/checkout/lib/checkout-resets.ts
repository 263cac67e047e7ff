// What the checkout form forgets when a choice upstream changes (spec section 4, Transitions).
// Sections apply these with setValue(name, undefined, { shouldDirty: true }) for each key.
import type { CheckoutFormValues } from '@/contract/checkout.ts';

/** Changing seller resets logistic, day, schedule and payment choices. */
export function afterSellerChange(): Partial<CheckoutFormValues> {
  return {
    selectedLogistic: undefined,
    selectedDay: undefined,
    selectedSchedule: undefined,
    paymentMethod: undefined,
    paymentOptionGroup: undefined,
    paymentOptionId: undefined,
    cashAmount: undefined,
  };
}

/** Changing the logistic type (delivery / pick-up) resets address, pick-up store and seller. */
export function afterLogisticTypeChange(): Partial<CheckoutFormValues> {
  return {
    deliveryAddressIndex: undefined,
    pickupAddress: undefined,
    selectedSeller: undefined,
    selectedLogistic: undefined,
    cep: undefined,
    cepNumber: undefined,
  };
}
