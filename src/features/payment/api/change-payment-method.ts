import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import { apiCall } from '@/lib/api-client.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const CHANGE_PAYMENT_METHOD_FAILED = 'Erro ao atualizar o método de pagamento';
export const CHANGE_PAYMENT_METHOD_MUTATION_KEY = ['order', 'change-payment-method'] as const;

/** GET /api/order/payment/update: gives up the current payment to choose another method in the chat. */
export async function changePaymentMethod(): Promise<void> {
  await apiCall(
    { method: calls.changePaymentMethod.method, url: calls.changePaymentMethod.path },
    CHANGE_PAYMENT_METHOD_FAILED,
  );
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
