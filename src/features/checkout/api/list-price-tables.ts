import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { PriceTable } from '@/contract/checkout.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

export const LIST_PRICE_TABLES_FAILED = 'Falha ao carregar as tabelas de preço';

/** GET /api/order/price-tables: the price tables an operator may apply. */
export async function listPriceTables(): Promise<PriceTable[]> {
  return call(checkoutCalls.listPriceTables, {}, LIST_PRICE_TABLES_FAILED);
}

/** Operators only: the caller sets `enabled` (a contact's session is refused by the server). */
export const priceTablesQuery = queryOptions({
  queryKey: ['checkout', 'price-tables'],
  queryFn: listPriceTables,
});
