import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import { type Order, orderSchema } from '@/contract/order.ts';
import { pathSegment } from '@/contract/path-rules.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const SET_PRICE_TABLE_FAILED = 'Falha ao alterar a tabela de preço';
export const SET_PRICE_TABLE_MUTATION_KEY = ['order', 'price-table'] as const;

/** POST /api/order/price-tables/{id}: applies a price table (NO_PRICE_TABLE_ID clears it). */
export async function setPriceTable(id: string): Promise<Order> {
  const answer = await apiCall(
    { method: calls.setPriceTable.method, url: `/api/order/price-tables/${pathSegment(id)}` },
    SET_PRICE_TABLE_FAILED,
  );
  return parseData(orderSchema, answer.data, SET_PRICE_TABLE_FAILED);
}

export function useSetPriceTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SET_PRICE_TABLE_MUTATION_KEY,
    mutationFn: setPriceTable,
    onSuccess: (order) => {
      queryClient.setQueryData(currentOrderQuery.queryKey, order);
    },
  });
}
