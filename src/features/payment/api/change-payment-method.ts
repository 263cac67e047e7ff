import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as paymentCalls from '@/contract/calls/payment.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const CHANGE_PAYMENT_METHOD_FAILED = 'Erro ao atualizar o método de pagamento';
export const CHANGE_PAYMENT_METHOD_MUTATION_KEY = ['order', 'change-payment-method'] as const;

/** GET /api/order/payment/update: gives up the current payment to choose another method in the chat. */
export async function changePaymentMethod(): Promise<void> {
  await call(paymentCalls.changePaymentMethod, {}, CHANGE_PAYMENT_METHOD_FAILED);
}

/** The order's payment changed on the server: the cached order is reloaded when next read. */
export function useChangePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CHANGE_PAYMENT_METHOD_MUTATION_KEY,
    mutationFn: () => changePaymentMethod(),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey, refetchType: 'none' }),
  });
}
