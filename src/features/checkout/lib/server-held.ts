// The checkout choices the server holds, as the checkout form writes them. The screen shows these
// when it opens and returns to them after any failed change, so what it shows is what would be
// confirmed (issue 20: a screen that shows one choice while the order holds another confirms the
// wrong order).
import { type CheckoutFormValues, NO_PRICE_TABLE_ID } from '@/contract/checkout.ts';
import { LogisticFormValue, PaymentMethod } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { methodOfLogistic } from './logistic-method.ts';

type HeldOrder = Pick<
  Order,
  'logistic' | 'seller' | 'schedule' | 'providerPriceTableId' | 'coupon' | 'payment'
>;

/** The logistic choices held: method, option, pick-up store, delivery address; empty when none. */
export function heldLogisticValues(order: Pick<Order, 'logistic'>): Partial<CheckoutFormValues> {
  const logistic = order.logistic;
  const method = methodOfLogistic(logistic?.type);
  if (!logistic?.providerId || method === undefined) return { selectedLogistic: undefined };
  const values: Partial<CheckoutFormValues> = { logisticType: method, selectedLogistic: logistic.providerId };
  if (method === LogisticFormValue.PickUp) {
    const store = logistic.storePickUpAddress?.providerId;
    if (store) values.pickupAddress = store;
  } else if (logistic.addressIndex != null) {
    values.deliveryAddressIndex = logistic.addressIndex;
  }
  return values;
}

/** The delivery day and slot held, or none. */
export function heldScheduleValues(order: Pick<Order, 'schedule'>): Partial<CheckoutFormValues> {
  const { day, startTime } = order.schedule ?? {};
  return day && startTime
    ? { selectedDay: day, selectedSchedule: startTime }
    : { selectedSchedule: undefined };
}

/** Pay on delivery as held (group, means, cash amount); nothing when the order pays otherwise. */
export function heldOnDeliveryValues(order: Pick<Order, 'payment'>): Partial<CheckoutFormValues> {
  const payment = order.payment;
  const onDelivery = payment?.onDelivery;
  if (payment?.method !== PaymentMethod.OnDelivery || !onDelivery?.group) return {};
  return {
    paymentMethod: PaymentMethod.OnDelivery,
    paymentOptionGroup: onDelivery.group,
    paymentOptionId: onDelivery.providerId ?? undefined,
    cashAmount: onDelivery.cashAmount ?? undefined,
  };
}

/** Every choice the server holds, as form values. */
export function serverHeldValues(order: HeldOrder): Partial<CheckoutFormValues> {
  return {
    ...heldLogisticValues(order),
    ...heldScheduleValues(order),
    ...heldOnDeliveryValues(order),
    selectedSeller: order.seller?.providerId ?? undefined,
    priceTableId: order.providerPriceTableId || NO_PRICE_TABLE_ID,
    coupon: order.coupon ?? '',
  };
}
