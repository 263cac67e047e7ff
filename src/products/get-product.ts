import { queryOptions } from '@/lib/query-options.ts';
import * as catalogCalls from '@/contract/calls/catalog.ts';
import type { Product } from '@/contract/catalog.ts';
import { pathValue } from '@/contract/path-rules.ts';
import { call } from '@/lib/call.ts';

const GET_PRODUCT_FAILED = 'Não foi possível carregar o produto.';

export async function getProduct(id: string): Promise<Product> {
  return call(catalogCalls.getProduct, { params: { id: pathValue(id) } }, GET_PRODUCT_FAILED);
}

/** Retried like every read (lib/query-client.ts): a dropped connection again, a 404 never. */
export const productQuery = (id: string) =>
  queryOptions({ queryKey: ['catalog', 'product', id], queryFn: () => getProduct(id) });
