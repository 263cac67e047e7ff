// What a cart line says about the variant it holds. The order item carries only the chosen options'
// ids ('branca', 'gg') and the product's own pictures (shopper spec, section 3: Order item); the
// names and the variant's picture are the product's (attribute and option names, dimensions with
// their image), so the cart reads them from the product the item refers to.
import type { Product, ProductDimension } from '@/contract/catalog.ts';
import type { OrderItem } from '@/contract/order.ts';

/** Whether the line's product must be looked up: a line with chosen options (gifts have none). */
export function needsProductLookUp(item: OrderItem): boolean {
  return !item.isGift && (item.attributes ?? []).length > 0;
}

/**
 * The chosen options, as the product names them: 'Cor: Branca', 'Tamanho: GG'. An option the
 * product does not name (or a product that could not be loaded) falls back to its id, so the line
 * still tells the variants apart.
 */
export function optionLabels(item: OrderItem, product: Product | undefined): string[] {
  return (item.attributes ?? []).map(({ providerId, optionProviderId }) => {
    const attribute = product?.attributes?.find((a) => a.providerId === providerId);
    const option = attribute?.options?.find((o) => o.providerId === optionProviderId);
    const optionName = option?.name || optionProviderId || providerId;
    return attribute?.name && option?.name ? `${attribute.name}: ${optionName}` : optionName;
  });
}

/** The product's combination the line holds: by its sku, else by its chosen options. */
function dimensionOf(item: OrderItem, product: Product): ProductDimension | undefined {
  const dimensions = product.dimensions ?? [];
  const bySku = item.sku ? dimensions.find((d) => d.sku === item.sku) : undefined;
  if (bySku) return bySku;
  const chosen = item.attributes ?? [];
  if (chosen.length === 0) return undefined;
  return dimensions.find((d) =>
    chosen.every(
      ({ providerId, optionProviderId }) =>
        Object.hasOwn(d.attributes, providerId) && d.attributes[providerId] === optionProviderId,
    ),
  );
}

/**
 * The line's picture: the chosen combination's own picture when the product has one, else the
 * item's first picture (a product without dimensions, or a variant loaded under its own id, whose
 * pictures are already the variant's).
 */
export function linePicture(item: OrderItem, product: Product | undefined): string | undefined {
  const variantPicture = product ? dimensionOf(item, product)?.image?.url : undefined;
  return variantPicture || item.images?.[0]?.url || undefined;
}
