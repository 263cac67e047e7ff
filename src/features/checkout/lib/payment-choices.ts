// What a change of payment method does, for the payment section and for the checkout model test
// alike: the form values it writes, and whether the order must forget the pay on delivery it holds
// (POST /api/order/payment/delivery with `{}`). Without the clear, 'Pagar na entrega' chosen once
// stayed on the order whatever the screen showed next, and a card finish could never be paid (issue 34).
import type { CheckoutFormValues } from '@/contract/checkout.ts';
import { PaymentMethod } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';

export type PaymentChange = {
  values: Partial<CheckoutFormValues>;
  /** The order holds (or was being sent) pay on delivery the screen no longer shows: send the clear. */
  clearOnDelivery: boolean;
};

/** The order holds pay on delivery. */
export const holdsOnDelivery = (order: Pick<Order, 'payment'>) =>
  order.payment?.method === PaymentMethod.OnDelivery;

/**
 * Another method: the previous one's group, means, cash amount and manual text go (the custom
 * method's text is its name, `customText`); leaving pay on delivery clears it on the order too.
 */
export function switchPayment(
  next: PaymentMethod | undefined,
  previous: PaymentMethod | null | undefined,
  order: Pick<Order, 'payment'>,
  customText?: string,
): PaymentChange {
  const leaving = previous === PaymentMethod.OnDelivery || holdsOnDelivery(order);
  return {
    values: {
      paymentMethod: next,
      paymentOptionGroup: undefined,
      paymentOptionId: undefined,
      cashAmount: undefined,
      manualPaymentOption: customText,
    },
    clearOnDelivery: next !== PaymentMethod.OnDelivery && leaving,
  };
}
