import { queryOptions } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import type { StoreAddress } from '@/contract/checkout.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';

export const LIST_STORES_FAILED = 'Falha ao carregar lojas';

/** GET /api/order/stores/: the shop's stores (pick-up points) with their 'Taxa de serviço'. */
export async function listStores(): Promise<StoreAddress[]> {
  const answer = await apiCall(
    { method: calls.listStores.method, url: calls.listStores.path },
    LIST_STORES_FAILED,
  );
  return parseData(calls.listStores.data, answer.data, LIST_STORES_FAILED);
}

export const storesQuery = queryOptions({
  queryKey: ['checkout', 'stores'],
  queryFn: listStores,
});
