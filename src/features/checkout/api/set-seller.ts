import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { Order } from '@/contract/order.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const SET_SELLER_FAILED = 'Falha ao selecionar a loja';
export const SET_SELLER_MUTATION_KEY = ['order', 'seller'] as const;

/** POST /api/order/seller/: the store that serves the order. Answers the updated order. */
export async function setSeller(providerId: string): Promise<Order> {
  return call(checkoutCalls.setSeller, { body: { providerId } }, SET_SELLER_FAILED);
}

export function useSetSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SET_SELLER_MUTATION_KEY,
    mutationFn: setSeller,
    onSuccess: (order) => {
      queryClient.setQueryData(currentOrderQuery.queryKey, order);
    },
  });
}
