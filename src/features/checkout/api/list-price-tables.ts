import { queryOptions } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import type { PriceTable } from '@/contract/checkout.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';

export const LIST_PRICE_TABLES_FAILED = 'Falha ao carregar as tabelas de preço';

/** GET /api/order/price-tables: the price tables an operator may apply. */
export async function listPriceTables(): Promise<PriceTable[]> {
  const answer = await apiCall(
    { method: calls.listPriceTables.method, url: calls.listPriceTables.path },
    LIST_PRICE_TABLES_FAILED,
  );
  return parseData(calls.listPriceTables.data, answer.data, LIST_PRICE_TABLES_FAILED);
}

/** Operators only: the caller sets `enabled` (a contact's session is refused by the server). */
export const priceTablesQuery = queryOptions({
  queryKey: ['checkout', 'price-tables'],
  queryFn: listPriceTables,
});
