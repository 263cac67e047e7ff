// Catalogue reads: categories and collections, product rows (by id, by list query, top sellers) and
// the product a client's id designates, with the variant that id chooses.

import type { SandboxDb } from '../db/types.ts';
import { readProductDetails, type StoredDimension, type StoredProductDetails } from './product-details.ts';
import { parseProductId, skuProductId } from './product-id.ts';
import { type ProductQuery, productQuerySql } from './product-query.ts';

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
  min_price_cents: number;
  max_price_cents: number;
  top_rank: number | null;
  is_active: number;
  is_restricted_sale: number;
  has_shipping_restriction: number;
  sold_in_kilo: number;
  seller_id: string | null;
  position: number;
  details: string;
};

const PRODUCT_COLUMNS = `p.id, p.shop_id, p.category_id, p.subcategory_id, p.name, p.brand, p.price_cents,
  p.list_price_cents, p.promotional_price_cents, p.min_price_cents, p.max_price_cents, p.top_rank,
  p.is_active, p.is_restricted_sale, p.has_shipping_restriction, p.sold_in_kilo, p.seller_id, p.position,
  p.details`;

// ---------------------------------------------------------------------------------------------
// Categories and collections

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

export type CategoryRef = { id: string; parentId: string | null; name: string };

export function findCategory(db: SandboxDb, shopId: string, id: string): CategoryRef | undefined {
  const row = db
    .prepare<[string, string], { id: string; parent_id: string | null; name: string }>(
      'SELECT id, parent_id, name FROM categories WHERE shop_id = ? AND id = ?',
    )
    .get(shopId, id);
  return row ? { id: row.id, parentId: row.parent_id, name: row.name } : undefined;
}

export type CollectionRef = { id: string; name: string };

export function findCollection(db: SandboxDb, shopId: string, id: string): CollectionRef | undefined {
  return db
    .prepare<[string, string], CollectionRef>('SELECT id, name FROM collections WHERE shop_id = ? AND id = ?')
    .get(shopId, id);
}

// ---------------------------------------------------------------------------------------------
// Product lists

/** Where a page starts: after the last sort key of the previous page (token) or at an offset. */
export type PageStart = { afterKey: number } | { offset: number };

export type ListedProductRow = ProductRow & { sort_key: number };

/**
 * One page of a product query in its stable order. Reads `limit` rows; callers ask one more than
 * the page size to learn whether another page follows.
 */
export function listProductRows(
  db: SandboxDb,
  query: ProductQuery,
  start: PageStart,
  limit: number,
): ListedProductRow[] {
  const { fromWhere, params, sortKey } = productQuerySql(query);
  const select = `SELECT ${PRODUCT_COLUMNS}, ${sortKey} AS sort_key ${fromWhere}`;
  if ('afterKey' in start) {
    return db
      .prepare<unknown[], ListedProductRow>(`${select} AND ${sortKey} > ? ORDER BY ${sortKey} LIMIT ?`)
      .all(...params, start.afterKey, limit);
  }
  return db
    .prepare<unknown[], ListedProductRow>(`${select} ORDER BY ${sortKey} LIMIT ? OFFSET ?`)
    .all(...params, limit, start.offset);
}

/** One page of active top sellers by rank (the rank is the sort key page tokens continue after). */
export function listTopSellers(db: SandboxDb, shopId: string, start: PageStart, limit: number): ProductRow[] {
  const base = `SELECT ${PRODUCT_COLUMNS} FROM products p
    WHERE p.shop_id = ? AND p.top_rank IS NOT NULL AND p.is_active = 1`;
  if ('afterKey' in start) {
    return db
      .prepare<[string, number, number], ProductRow>(`${base} AND p.top_rank > ? ORDER BY p.top_rank LIMIT ?`)
      .all(shopId, start.afterKey, limit);
  }
  return db
    .prepare<[string, number, number], ProductRow>(`${base} ORDER BY p.top_rank LIMIT ? OFFSET ?`)
    .all(shopId, limit, start.offset);
}

// ---------------------------------------------------------------------------------------------
// One product

/** The stored product with exactly this id (active or not). */
export function findProduct(db: SandboxDb, shopId: string, id: string): ProductRow | undefined {
  return db
    .prepare<[string, string], ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.shop_id = ? AND p.id = ?`,
    )
    .get(shopId, id);
}

/** A product as a client's id designates it. */
export type ResolvedProduct = {
  row: ProductRow;
  details: StoredProductDetails;
  /** The id the product is answered under: its own id, or '<id>&<sku>' when a sku is chosen. */
  providerId: string;
  /** The dimension the id chooses, if any. */
  currentDimension: StoredDimension | null;
};

/**
 * The product a client's id designates, or undefined when there is none: an unknown product, a sku
 * that is not one of its dimensions, or a variant option it does not have.
 */
export function resolveProduct(db: SandboxDb, shopId: string, clientId: string): ResolvedProduct | undefined {
  const parsed = parseProductId(clientId);
  if (!parsed) return undefined;
  const row = findProduct(db, shopId, parsed.baseId);
  if (!row) return undefined;
  const details = readProductDetails(row.details);
  let current: StoredDimension | null = null;
  if (parsed.sku !== null) {
    // A product without variants is its own only sku ('1001&1001').
    const isOwnSku = parsed.sku === row.id && details.dimensions.length === 0;
    if (!isOwnSku) {
      current = details.dimensions.find((d) => d.sku === parsed.sku) ?? null;
      if (!current) return undefined;
    }
  }
  if (parsed.variantOption !== null) {
    return resolveVariant(db, shopId, row, details, current, parsed.variantOption);
  }
  return answered(row, details, current);
}

function answered(
  row: ProductRow,
  details: StoredProductDetails,
  current: StoredDimension | null,
): ResolvedProduct {
  return {
    row,
    details,
    providerId: current ? skuProductId(row.id, current.sku) : row.id,
    currentDimension: current,
  };
}

/**
 * '<id>Variant=<option>': a redirectable option stands for another product (answered as itself);
 * an option of the product's own dimensions chooses the dimension that has it, keeping as many of
 * the other options already chosen as possible and preferring one in stock.
 */
function resolveVariant(
  db: SandboxDb,
  shopId: string,
  row: ProductRow,
  details: StoredProductDetails,
  current: StoredDimension | null,
  option: string,
): ResolvedProduct | undefined {
  const target = Object.hasOwn(details.redirects, option) ? details.redirects[option] : undefined;
  if (target !== undefined) {
    const targetRow = target === row.id ? row : findProduct(db, shopId, target);
    return targetRow ? answered(targetRow, readProductDetails(targetRow.details), null) : undefined;
  }
  const kept = (d: StoredDimension) =>
    current ? Object.entries(current.attributes).filter(([a, o]) => d.attributes[a] === o).length : 0;
  const candidates = details.dimensions
    .filter((d) => Object.values(d.attributes).includes(option))
    .sort((a, b) => kept(b) - kept(a) || Number(b.isAvailable) - Number(a.isAvailable));
  const chosen = candidates[0];
  return chosen ? answered(row, details, chosen) : undefined;
}
