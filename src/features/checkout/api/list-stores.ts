import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { StoreAddress } from '@/contract/checkout.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

export const LIST_STORES_FAILED = 'Falha ao carregar lojas';

/** GET /api/order/stores/: the shop's stores (pick-up points) with their 'Taxa de serviço'. */
export async function listStores(): Promise<StoreAddress[]> {
  return call(checkoutCalls.listStores, {}, LIST_STORES_FAILED);
}

export const storesQuery = queryOptions({
  queryKey: ['checkout', 'stores'],
  queryFn: listStores,
});
