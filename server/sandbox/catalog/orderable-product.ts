// A product as the order sees it: what can be bought, at what price, in which variants. The order
// module prices and validates items with this; the catalogue module owns how products are stored
// and keeps this reader in step with it.
import type { RecurrenceType } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { resolveProduct } from './catalog-store.ts';

export type OrderableDimension = {
  sku: string;
  /** attribute providerId → option providerId */
  options: Readonly<Record<string, string>>;
  priceCents: number;
  isAvailable: boolean;
  imageUrl: string | null;
};

export type OrderableProduct = {
  /** The stored product's id (the base id of '&' and 'Variant=' ids). */
  id: string;
  /** The id as the client addressed it, kept on the order item. */
  providerId: string;
  /**
   * The id the catalogue answers this product under: the stored id, or '<id>&<sku>' when the id
   * chooses a sku (a redirecting 'Variant=' id answers the product the option stands for).
   */
  catalogProviderId: string;
  name: string;
  images: readonly { url: string }[];
  isActive: boolean;
  isRestrictedSale: boolean;
  hasShippingRestriction: boolean;
  /** The product's own sku (products without variants). */
  sku: string;
  /** The product's price; for a product with variants, its lowest variant price (each dimension has its own). */
  priceCents: number;
  listPriceCents: number | null;
  promotionalPriceCents: number | null;
  /** Marketplace seller of the product; null when the shop sells it. */
  sellerId: string | null;
  sellerName: string;
  hasVariants: boolean;
  dimensions: readonly OrderableDimension[];
  attributes: readonly {
    providerId: string;
    name: string;
    options: readonly { providerId: string; name: string; redirectable: boolean }[];
  }[];
  subscriptionOffers: readonly { recurrence: { type: RecurrenceType; frequency: number } }[];
  /** The dimension the id itself selects ('base&sku' or a 'Variant=' id), if any. */
  selectedSku: string | null;
  /** That dimension, when the id selects one (same as finding selectedSku in dimensions). */
  selectedDimension: OrderableDimension | null;
  soldInKilo: boolean;
};

/**
 * The product a client's providerId designates in the catalogue of `catalogShopId`, or undefined.
 * Ids may be a plain id, 'base&sku' or a variant id with 'Variant=' (catalog/product-id.ts); an
 * inactive product is found too (isActive false), so the order can say why it cannot be bought.
 */
export function findOrderableProduct(
  db: SandboxDb,
  catalogShopId: string,
  providerId: string,
): OrderableProduct | undefined {
  const resolved = resolveProduct(db, catalogShopId, providerId);
  if (!resolved) return undefined;
  const { row, details, currentDimension } = resolved;
  const dimensions = details.dimensions.map(
    (d): OrderableDimension => ({
      sku: d.sku,
      options: d.attributes,
      priceCents: d.priceCents,
      isAvailable: d.isAvailable,
      imageUrl: d.imageUrl,
    }),
  );
  const selectedDimension = currentDimension
    ? (dimensions.find((d) => d.sku === currentDimension.sku) ?? null)
    : null;
  return {
    id: row.id,
    providerId,
    catalogProviderId: resolved.providerId,
    name: row.name,
    images: details.images,
    isActive: row.is_active === 1,
    isRestrictedSale: row.is_restricted_sale === 1,
    hasShippingRestriction: row.has_shipping_restriction === 1,
    sku: row.id,
    priceCents: row.price_cents,
    listPriceCents: row.list_price_cents,
    promotionalPriceCents: row.promotional_price_cents,
    sellerId: row.seller_id,
    sellerName: details.sellerName,
    hasVariants: dimensions.length > 0,
    dimensions,
    attributes: details.attributes,
    subscriptionOffers: details.subscriptionOffers,
    selectedSku: selectedDimension?.sku ?? null,
    selectedDimension,
    soldInKilo: row.sold_in_kilo === 1,
  };
}
