import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import { type Order, type OrderStatusResult, orderSchema } from '@/contract/order.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const CANCEL_ORDER_FAILED = 'Falha ao cancelar o pedido';
export const CANCEL_ORDER_MUTATION_KEY = ['order', 'cancel'] as const;

/** GET /api/order/cancel: answers the order (status Canceled), or at least its status. */
export async function cancelOrder(): Promise<Order | OrderStatusResult> {
  const answer = await apiCall(
    { method: calls.cancelOrder.method, url: calls.cancelOrder.path },
    CANCEL_ORDER_FAILED,
  );
  const order = orderSchema.safeParse(answer.data);
  if (order.success) return order.data;
  return parseData(calls.cancelOrder.data, answer.data, CANCEL_ORDER_FAILED);
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
