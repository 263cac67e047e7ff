import { useQuery } from '@tanstack/react-query';
import type { Product } from '@/contract/catalog.ts';
import type { OrderItem } from '@/contract/order.ts';
import { productQuery } from '@/products/get-product.ts';
import { needsProductLookUp } from '../line-details.ts';

export type LineProduct = {
  product: Product | undefined;
  /** Still loading: the line waits with its picture, rather than showing the wrong one first. */
  pending: boolean;
};

const NOTHING_TO_LOOK_UP: LineProduct = { product: undefined, pending: false };

/**
 * The product of a line with chosen options. It is the product page's own query, so a shopper who
 * just chose the variant there finds it in the cache; a failed lookup leaves the line with what the
 * order says (option ids, the item's picture).
 */
export function useLineProduct(item: OrderItem): LineProduct {
  const lookUp = needsProductLookUp(item);
  const { data, isPending } = useQuery({ ...productQuery(item.providerId), enabled: lookUp });
  return lookUp ? { product: data, pending: isPending } : NOTHING_TO_LOOK_UP;
}
