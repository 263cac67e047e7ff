// What a change of delivery method, address or pick-up store does, for the sections and for the
// checkout model test alike: the form values it writes, and whether the order must forget the
// logistic it holds (POST /api/order/logistic/ without an option, see logisticChoiceSchema).
import type { CheckoutFormValues } from '@/contract/checkout.ts';
import type { LogisticFormValue } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { afterLogisticTypeChange } from './checkout-resets.ts';

export type LogisticChange = {
  values: Partial<CheckoutFormValues>;
  /** The order holds a choice the screen no longer shows: send the method alone to drop it. */
  clearOrder: boolean;
};

const holdsLogistic = (order: Pick<Order, 'logistic'>) => Boolean(order.logistic?.providerId);

/**
 * Another method: the spec's resets (address, pick-up store, seller), and the order forgets its
 * logistic and, for a switch of method, its seller (spec section 4) every time.
 */
export const switchMethod = (next: LogisticFormValue): LogisticChange => ({
  values: { ...afterLogisticTypeChange(), logisticType: next },
  clearOrder: true,
});

/** Another delivery address: its options are its own, the one quoted for the previous address goes. */
export const lookAtAddress = (index: number | undefined, order: Pick<Order, 'logistic'>): LogisticChange => ({
  values: { deliveryAddressIndex: index, selectedLogistic: undefined },
  clearOrder: holdsLogistic(order),
});

/**
 * Another pick-up store: its options are its own, the one chosen at the previous store goes. With the
 * manual freight there is no option to untick; the freight applied at the other store goes all the same.
 */
export const lookAtStore = (
  id: string | undefined,
  order: Pick<Order, 'logistic'>,
  manualFreight: boolean,
): LogisticChange => ({
  values: manualFreight ? { pickupAddress: id } : { pickupAddress: id, selectedLogistic: undefined },
  clearOrder: holdsLogistic(order),
});
