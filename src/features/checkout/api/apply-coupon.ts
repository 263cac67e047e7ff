import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import { type Order, orderSchema } from '@/contract/order.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const APPLY_COUPON_FAILED = 'Falha ao aplicar o cupom';
export const APPLY_COUPON_MUTATION_KEY = ['order', 'coupon'] as const;

/** POST /api/order/coupon/?coupon=: applies a coupon (an empty one removes it). Answers the order. */
export async function applyCoupon(coupon: string): Promise<Order> {
  const answer = await apiCall(
    { method: calls.applyCoupon.method, url: calls.applyCoupon.path, params: { coupon } },
    APPLY_COUPON_FAILED,
  );
  return parseData(orderSchema, answer.data, APPLY_COUPON_FAILED);
}

export function useApplyCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: APPLY_COUPON_MUTATION_KEY,
    mutationFn: applyCoupon,
    onSuccess: (order) => {
      queryClient.setQueryData(currentOrderQuery.queryKey, order);
    },
  });
}
