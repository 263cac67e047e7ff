import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { LogisticQuery, SellerOption } from '@/contract/checkout.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

export const LIST_SELLERS_FAILED = 'Falha ao carregar lojas';

/** GET /api/order/seller/: the sellers (stores) that can serve the order, by method, CEP and number. */
export async function listSellers(query: LogisticQuery): Promise<SellerOption[]> {
  return call(checkoutCalls.listSellers, { query: query }, LIST_SELLERS_FAILED);
}

export const sellersQuery = (query: LogisticQuery) =>
  queryOptions({
    queryKey: ['checkout', 'sellers', query],
    queryFn: () => listSellers(query),
  });
