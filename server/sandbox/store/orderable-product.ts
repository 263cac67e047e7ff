// A product as the order sees it: what can be bought, at what price, in which variants. The order
// module prices and validates items with this; the catalogue module owns how products are stored
// and keeps this reader in step with it.
import type { RecurrenceType } from '../contract.ts';
import type { SandboxDb } from '../db/open.ts';
import { findProduct } from './catalog.ts';

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
  name: string;
  images: readonly { url: string }[];
  isActive: boolean;
  isRestrictedSale: boolean;
  hasShippingRestriction: boolean;
  /** The product's own sku (products without variants). */
  sku: string;
  priceCents: number;
  listPriceCents: number | null;
  promotionalPriceCents: number | null;
  /** Marketplace seller of the product; null when the shop sells it. */
  sellerId: string | null;
  sellerName: string;
  hasVariants: boolean;
  dimensions: readonly OrderableDimension[];
  attributes: readonly { providerId: string; options: readonly { providerId: string }[] }[];
  subscriptionOffers: readonly { recurrence: { type: RecurrenceType; frequency: number } }[];
  /** The dimension the id itself selects ('base&sku' or a 'Variant=' id), if any. */
  selectedSku: string | null;
};

/**
 * The product a client's providerId designates in the catalogue of `catalogShopId`, or undefined.
 * Ids may be a plain id, 'base&sku' or a variant id with 'Variant=' (see the catalogue module).
 */
export function findOrderableProduct(
  db: SandboxDb,
  catalogShopId: string,
  providerId: string,
): OrderableProduct | undefined {
  const row = findProduct(db, catalogShopId, providerId);
  if (!row) return undefined;
  const details = JSON.parse(row.details) as { images?: { url: string }[]; sellerName?: string };
  return {
    id: row.id,
    providerId,
    name: row.name,
    images: details.images ?? [],
    isActive: row.is_active === 1,
    isRestrictedSale: row.is_restricted_sale === 1,
    hasShippingRestriction: row.has_shipping_restriction === 1,
    sku: row.id,
    priceCents: row.price_cents,
    listPriceCents: row.list_price_cents,
    promotionalPriceCents: row.promotional_price_cents,
    sellerId: null,
    sellerName: details.sellerName ?? '',
    hasVariants: false,
    dimensions: [],
    attributes: [],
    subscriptionOffers: [],
    selectedSku: null,
  };
}
