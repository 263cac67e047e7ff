import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as checkoutCalls from '@/contract/calls/checkout.ts';
import { type Order, type OrderStatusResult, orderSchema } from '@/contract/order.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const CANCEL_ORDER_FAILED = 'Falha ao cancelar o pedido';
export const CANCEL_ORDER_MUTATION_KEY = ['order', 'cancel'] as const;

/** GET /api/order/cancel: answers the order (status Canceled), or at least its status. */
export async function cancelOrder(): Promise<Order | OrderStatusResult> {
  const answer = await call(checkoutCalls.cancelOrder, {}, CANCEL_ORDER_FAILED);
  // The status result keeps every field it was sent (a tolerant schema): an order still reads as one.
  const order = orderSchema.safeParse(answer);
  return order.success ? order.data : answer;
}

/** A returned order replaces the cached one; a bare status is written into it, else it is reloaded. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CANCEL_ORDER_MUTATION_KEY,
    mutationFn: () => cancelOrder(),
    onSuccess: (result) => {
      const order = orderSchema.safeParse(result);
      if (order.success) {
        queryClient.setQueryData(currentOrderQuery.queryKey, order.data);
        return;
      }
      const { status } = result;
      const cached = queryClient.getQueryData(currentOrderQuery.queryKey);
      if (cached && status != null) {
        queryClient.setQueryData(currentOrderQuery.queryKey, { ...cached, status });
        return;
      }
      return queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey });
    },
  });
}
