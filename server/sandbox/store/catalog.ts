// Catalogue reads: categories with their subcategories, top sellers, and the wire product shape.
import type { SandboxDb } from '../db/open.ts';
import { centsToReais } from '../rules/money.ts';

type CategoryRow = { id: string; parent_id: string | null; name: string; description: string };

export type ProductRow = {
  id: string;
  shop_id: string;
  category_id: string;
  subcategory_id: string | null;
  name: string;
  brand: string;
  price_cents: number;
  list_price_cents: number | null;
  promotional_price_cents: number | null;
  top_rank: number | null;
  is_active: number;
  is_restricted_sale: number;
  has_shipping_restriction: number;
  sold_in_kilo: number;
  details: string;
};

const PRODUCT_COLUMNS = `id, shop_id, category_id, subcategory_id, name, brand, price_cents, list_price_cents,
  promotional_price_cents, top_rank, is_active, is_restricted_sale, has_shipping_restriction, sold_in_kilo, details`;

/** Top-level categories in display order (at most `limit`), each with all its subcategories. */
export function listCategories(db: SandboxDb, shopId: string, limit: number) {
  const parents = db
    .prepare<[string, number], CategoryRow>(
      `SELECT id, parent_id, name, description FROM categories
       WHERE shop_id = ? AND parent_id IS NULL ORDER BY position, id LIMIT ?`,
    )
    .all(shopId, limit);
  const children = db
    .prepare<[string], CategoryRow>(
      `SELECT id, parent_id, name, description FROM categories
       WHERE shop_id = ? AND parent_id IS NOT NULL ORDER BY position, id`,
    )
    .all(shopId);
  return parents.map((c) => ({
    providerId: c.id,
    name: c.name,
    description: c.description,
    children: children.filter((s) => s.parent_id === c.id).map((s) => ({ providerId: s.id, name: s.name })),
    shopId,
  }));
}

/**
 * One page of top sellers, by rank. Either after a rank (cursor from a page token: stable even if
 * ranks change between pages) or from an offset (pageNumber × perPage). Reads one row more than
 * asked so the caller knows whether there is a next page.
 */
export function listTopSellers(
  db: SandboxDb,
  shopId: string,
  page: { afterRank: number } | { offset: number },
  limit: number,
): ProductRow[] {
  const base = `SELECT ${PRODUCT_COLUMNS} FROM products
    WHERE shop_id = ? AND top_rank IS NOT NULL AND is_active = 1`;
  if ('afterRank' in page) {
    return db
      .prepare<[string, number, number], ProductRow>(`${base} AND top_rank > ? ORDER BY top_rank LIMIT ?`)
      .all(shopId, page.afterRank, limit);
  }
  return db
    .prepare<[string, number, number], ProductRow>(`${base} ORDER BY top_rank LIMIT ? OFFSET ?`)
    .all(shopId, limit, page.offset);
}

export function findProduct(db: SandboxDb, shopId: string, id: string): ProductRow | undefined {
  return db
    .prepare<[string, string], ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM products WHERE shop_id = ? AND id = ?`,
    )
    .get(shopId, id);
}

type ProductDetails = {
  images?: { url: string }[];
  description?: string;
  sellerName?: string;
  specification?: { name: string; value: string[] }[];
  clusterHighlights?: { id: string; name: string }[];
  offerDescription?: string;
  amountInKilo?: number | null;
  kilogramPriceCents?: number | null;
  shippingRestrictionMessage?: string;
  // Filled by issue 3's variant products; empty lists until then.
  attributes?: unknown[];
  dimensions?: unknown[];
  variantImagesSrc?: string[];
  subscriptionOffers?: unknown[];
  minPriceCents?: number | null;
  maxPriceCents?: number | null;
};

const reaisOrNull = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : centsToReais(cents);

/** Every field of the shopper spec's product (section 3); absent values are null or empty. */
export function productToWire(row: ProductRow) {
  const d = JSON.parse(row.details) as ProductDetails;
  const dimensions = d.dimensions ?? [];
  return {
    providerId: row.id,
    name: row.name,
    images: d.images ?? [],
    variantImagesSrc: d.variantImagesSrc ?? [],
    attributes: d.attributes ?? [],
    dimensions,
    currentDimension: null,
    sku: row.id,
    price: centsToReais(row.price_cents),
    listPrice: reaisOrNull(row.list_price_cents),
    promotionalPrice: reaisOrNull(row.promotional_price_cents),
    minPrice: reaisOrNull(d.minPriceCents),
    maxPrice: reaisOrNull(d.maxPriceCents),
    brand: { name: row.brand },
    sellerName: d.sellerName ?? '',
    description: d.description ?? '',
    specification: d.specification ?? [],
    soldInKilo: row.sold_in_kilo === 1,
    amountInKilo: d.amountInKilo ?? null,
    kilogramPrice: reaisOrNull(d.kilogramPriceCents),
    clusterHighlights: d.clusterHighlights ?? [],
    offerDescription: d.offerDescription ?? '',
    isActive: row.is_active === 1,
    hasVariants: dimensions.length > 0,
    isRestrictedSale: row.is_restricted_sale === 1,
    hasShippingRestriction: row.has_shipping_restriction === 1,
    shippingRestrictionMessage: d.shippingRestrictionMessage ?? '',
    subscriptionOffers: d.subscriptionOffers ?? [],
  };
}

/** What the media route needs to draw a product's picture. */
export function findProductArt(db: SandboxDb, productId: string) {
  return db
    .prepare<[string], { name: string; brand: string; color: string; shape: string }>(
      `SELECT p.name, p.brand, c.color, c.shape FROM products p JOIN categories c ON c.id = p.category_id
       WHERE p.id = ?`,
    )
    .get(productId);
}
