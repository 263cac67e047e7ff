import type { Product } from '../../../../contract/catalog.ts';

/** The first cards are likely above the fold: their images load at once, the rest lazily. */
export const EAGER_IMAGES = 4;

/**
 * The picture a product card shows: its first image, else its first variant's. Also used by the
 * page's first script to preload the first cards' pictures (app/start-early-calls.ts), so it
 * imports nothing but types.
 */
export function cardImageUrl(product: Pick<Product, 'images' | 'variantImagesSrc'>): string | undefined {
  return product.images?.find((image) => image.url)?.url ?? product.variantImagesSrc?.[0];
}
