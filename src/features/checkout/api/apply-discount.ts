import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import { type Order, orderSchema } from '@/contract/order.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const APPLY_DISCOUNT_FAILED = 'Falha ao aplicar o desconto';
export const APPLY_DISCOUNT_MUTATION_KEY = ['order', 'discount'] as const;

/** POST /api/order/discount?discount=: the operator's manual discount in BRL, sent as '10.50'. */
export async function applyDiscount(discount: number): Promise<Order> {
  const answer = await apiCall(
    {
      method: calls.applyDiscount.method,
      url: calls.applyDiscount.path,
      params: { discount: discount.toFixed(2) },
    },
    APPLY_DISCOUNT_FAILED,
  );
  return parseData(orderSchema, answer.data, APPLY_DISCOUNT_FAILED);
}

export function useApplyDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: APPLY_DISCOUNT_MUTATION_KEY,
    mutationFn: applyDiscount,
    onSuccess: (order) => {
      queryClient.setQueryData(currentOrderQuery.queryKey, order);
    },
  });
}
