import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import { type Order, orderSchema } from '@/contract/order.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const SET_SELLER_FAILED = 'Falha ao selecionar a loja';
export const SET_SELLER_MUTATION_KEY = ['order', 'seller'] as const;

/** POST /api/order/seller/: the store that serves the order. Answers the updated order. */
export async function setSeller(providerId: string): Promise<Order> {
  const answer = await apiCall(
    { method: calls.setSeller.method, url: calls.setSeller.path, data: { providerId } },
    SET_SELLER_FAILED,
  );
  return parseData(orderSchema, answer.data, SET_SELLER_FAILED);
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
