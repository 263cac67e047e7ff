import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { Order } from '@/contract/order.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const APPLY_COUPON_FAILED = 'Falha ao aplicar o cupom';
export const APPLY_COUPON_MUTATION_KEY = ['order', 'coupon'] as const;

/** POST /api/order/coupon/?coupon=: applies a coupon (an empty one removes it). Answers the order. */
export async function applyCoupon(coupon: string): Promise<Order> {
  return call(checkoutCalls.applyCoupon, { query: { coupon } }, APPLY_COUPON_FAILED);
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
