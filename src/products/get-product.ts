import * as catalogCalls from '@/contract/calls/catalog.ts';
import type { Product } from '@/contract/catalog.ts';
import { PathParamError, pathValue } from '@/contract/path-rules.ts';
import { ApiError } from '@/lib/api-client.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

export const GET_PRODUCT_FAILED = 'Não foi possível carregar o produto.';

export async function getProduct(id: string): Promise<Product> {
  return call(catalogCalls.getProduct, { params: { id: pathValue(id) } }, GET_PRODUCT_FAILED);
}

/** Retried like every read (lib/query-client.ts): a dropped connection again, a 404 never. */
export const productQuery = (id: string) =>
  queryOptions({ queryKey: ['catalog', 'product', id], queryFn: () => getProduct(id) });

/**
 * Whether a failed product read means there is no such product, for good: the backend says so
 * (404), or the id is one no product can have (400, or refused by the path rules before any call).
 * Anything else (a 5xx, no answer, a garbled answer, too many calls) is a failure that a later try
 * may not meet: the page says so and offers to try again, rather than 'Página não encontrada'.
 */
export function isMissingProduct(error: unknown): boolean {
  if (error instanceof PathParamError) return true;
  return error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 400);
}
