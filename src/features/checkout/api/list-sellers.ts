import { queryOptions } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import type { LogisticQuery, SellerOption } from '@/contract/checkout.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';

export const LIST_SELLERS_FAILED = 'Falha ao carregar lojas';

/** GET /api/order/seller/: the sellers (stores) that can serve the order, by method, CEP and number. */
export async function listSellers(query: LogisticQuery): Promise<SellerOption[]> {
  const answer = await apiCall(
    { method: calls.listSellers.method, url: calls.listSellers.path, params: query },
    LIST_SELLERS_FAILED,
  );
  return parseData(calls.listSellers.data, answer.data, LIST_SELLERS_FAILED);
}

export const sellersQuery = (query: LogisticQuery) =>
  queryOptions({
    queryKey: ['checkout', 'sellers', query],
    queryFn: () => listSellers(query),
  });
