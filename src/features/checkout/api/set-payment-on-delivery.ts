import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as paymentCalls from '@/contract/calls/payment.ts';
import type { PaymentDeliveryBody } from '@/contract/checkout.ts';
import type { Order } from '@/contract/order.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const SET_PAYMENT_ON_DELIVERY_FAILED = 'Falha ao selecionar a forma de pagamento';
export const SET_PAYMENT_ON_DELIVERY_MUTATION_KEY = ['order', 'payment-on-delivery'] as const;

/** POST /api/order/payment/delivery: the group ('Dinheiro', ...), the means and the cash amount. */
export async function setPaymentOnDelivery(body: PaymentDeliveryBody): Promise<Order> {
  return call(paymentCalls.setPaymentOnDelivery, { body }, SET_PAYMENT_ON_DELIVERY_FAILED);
}

export function useSetPaymentOnDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SET_PAYMENT_ON_DELIVERY_MUTATION_KEY,
    // One after the other: a clear (leaving 'Pagar na entrega') never lands before the choice it undoes.
    scope: { id: 'payment-on-delivery' },
    mutationFn: setPaymentOnDelivery,
    onSuccess: (order) => {
      queryClient.setQueryData(currentOrderQuery.queryKey, order);
    },
  });
}
