import { useQueries } from '@tanstack/react-query';
import type { Product } from '../../contract/catalog.ts';
import type { OrderItem } from '../../contract/order.ts';
import { productQuery } from '../product/api/get-product.ts';
import { productIdsToLookUp } from './line-details.ts';

export type LineProduct = {
  product: Product | undefined;
  /** Still loading: the line waits with its picture, rather than showing the wrong one first. */
  pending: boolean;
};

const NOTHING_TO_LOOK_UP: LineProduct = { product: undefined, pending: false };

/**
 * The products of the lines with chosen options, by product id. Each is the product page's own
 * query, so a shopper who just chose the variant there finds it in the cache; a failed lookup leaves
 * the line with what the order says (option ids, the item's picture).
 */
export function useLineProducts(items: readonly OrderItem[]): (item: OrderItem) => LineProduct {
  const ids = productIdsToLookUp(items);
  const results = useQueries({ queries: ids.map((id) => productQuery(id)) });
  const byId = new Map<string, LineProduct>(
    ids.map((id, n) => [id, { product: results[n]?.data, pending: results[n]?.isPending ?? false }]),
  );
  return (item) => byId.get(item.providerId) ?? NOTHING_TO_LOOK_UP;
}
