import { queryOptions } from '@tanstack/react-query';
import { type Product, productSchema } from '@/contract/catalog.ts';
import { pathSegment } from '@/contract/path-rules.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';

const GET_PRODUCT_FAILED = 'Não foi possível carregar o produto.';

export async function getProduct(id: string): Promise<Product> {
  const answer = await apiCall(
    { method: 'GET', url: `/api/catalog/products/${pathSegment(id)}` },
    GET_PRODUCT_FAILED,
  );
  return parseData(productSchema, answer.data, GET_PRODUCT_FAILED);
}

/** Retried like every read (lib/query-client.ts): a dropped connection again, a 404 never. */
export const productQuery = (id: string) =>
  queryOptions({ queryKey: ['catalog', 'product', id], queryFn: () => getProduct(id) });
