import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { Order } from '@/contract/order.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const APPLY_DISCOUNT_FAILED = 'Falha ao aplicar o desconto';
export const APPLY_DISCOUNT_MUTATION_KEY = ['order', 'discount'] as const;

/** POST /api/order/discount?discount=: the operator's manual discount in BRL, sent as '10.50'. */
export async function applyDiscount(discount: number): Promise<Order> {
  return call(
    checkoutCalls.applyDiscount,
    { query: { discount: discount.toFixed(2) } },
    APPLY_DISCOUNT_FAILED,
  );
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
