// A product card's picture: which one, at which widths, how wide it is drawn. Shared by the
// catalogue's cards and the page's first script, which preloads the first cards' pictures
// (app/prefetch-landing.ts), so both ask for the same picture at the same width.
import type { Product } from '@/contract/catalog.ts';
import { pictureSrcSet } from '@/contract/picture-sizes.ts';

/** The first cards are likely above the fold: their images load at once, the rest lazily. */
export const EAGER_IMAGES = 4;

/**
 * How wide a card's picture is drawn, for the browser to pick a width from the picture's `srcset`:
 * the shopper's grid has 2 columns on a phone, 3 from 600 px and at most about 240 px per card on a
 * wide screen (beside the categories); the operator's horizontal card draws it at 96 px. A little
 * more than the real width is fine: it only rounds the choice up.
 */
export const CARD_IMAGE_SIZES = {
  contact: '(min-width: 900px) 240px, (min-width: 600px) 33vw, 50vw',
  operator: '96px',
} as const;

/** The picture a product card shows: its first image, else its first variant's. */
function cardImageUrl(product: Pick<Product, 'images' | 'variantImagesSrc'>): string | undefined {
  return product.images?.find((image) => image.url)?.url ?? product.variantImagesSrc?.[0];
}

/** The card picture's `src`, and `srcSet`/`sizes` when the backend keeps it at several widths. */
export function cardImage(
  product: Pick<Product, 'images' | 'variantImagesSrc'>,
  layout: keyof typeof CARD_IMAGE_SIZES,
): { src: string; srcSet?: string; sizes?: string } | undefined {
  const src = cardImageUrl(product);
  if (!src) return undefined;
  const srcSet = pictureSrcSet(src);
  return srcSet ? { src, srcSet, sizes: CARD_IMAGE_SIZES[layout] } : { src };
}
