import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { Order } from '@/contract/order.ts';
import { pathValue } from '@/contract/path-rules.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const SET_PRICE_TABLE_FAILED = 'Falha ao alterar a tabela de preço';
export const SET_PRICE_TABLE_MUTATION_KEY = ['order', 'price-table'] as const;

/** POST /api/order/price-tables/{id}: applies a price table (NO_PRICE_TABLE_ID clears it). */
export async function setPriceTable(id: string): Promise<Order> {
  return call(checkoutCalls.setPriceTable, { params: { id: pathValue(id) } }, SET_PRICE_TABLE_FAILED);
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
