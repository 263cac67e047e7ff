// A product list query (which products, in which order) and the SQL it becomes. Lists, facets
// and page tokens all start from the same query, so a facet's count is exactly the number of
// products the list answers once that facet value is chosen as a filter.

import type { TextSearch } from '../rules/text.ts';

/** Where the products come from: everything, a category (or subcategory), or a collection. */
export type ProductScope =
  | { kind: 'all' }
  | { kind: 'category'; categoryId: string; subcategoryId: string | null }
  | { kind: 'subcategory'; subcategoryId: string }
  | { kind: 'collection'; collectionId: string };

/** Chosen facet values: values of one key are alternatives (OR), different keys all apply (AND). */
export type ProductFilters = {
  brand: string[];
  category: string[];
  subcategory: string[];
  /** Price ranges in cents; a product matches when its price range meets one of them. */
  price: { fromCents: number; toCents: number }[];
};

export type ProductQuery = {
  /** The catalogue shop (a shop may sell another shop's catalogue). */
  shopId: string;
  scope: ProductScope;
  /** The search text: none, words that must each appear in the product's search text, or nothing to find. */
  text: TextSearch;
  filters: ProductFilters;
};

export const NO_FILTERS: ProductFilters = { brand: [], category: [], subcategory: [], price: [] };

type SqlValue = string | number;

export type ProductQuerySql = {
  /** The FROM clause's tables (products aliased p); joins without parameters may be appended. */
  from: string;
  /** The WHERE condition; only active products are ever listed. */
  where: string;
  /** `FROM <from> WHERE <where>`. */
  fromWhere: string;
  params: SqlValue[];
  /** The unique, stable order of the list: page tokens continue after its last value. */
  sortKey: string;
};

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

export function productQuerySql(query: ProductQuery): ProductQuerySql {
  const params: SqlValue[] = [];
  let from = 'products p';
  let sortKey = 'p.position';
  const where = ['p.shop_id = ?', 'p.is_active = 1'];
  const { scope, filters } = query;

  if (scope.kind === 'collection') {
    from += ' JOIN collection_products cp ON cp.product_id = p.id AND cp.collection_id = ?';
    params.push(scope.collectionId);
    // A collection keeps the order it was curated in.
    sortKey = 'cp.position';
  }
  params.push(query.shopId);
  if (scope.kind === 'category') {
    where.push('p.category_id = ?');
    params.push(scope.categoryId);
    if (scope.subcategoryId !== null) {
      where.push('p.subcategory_id = ?');
      params.push(scope.subcategoryId);
    }
  } else if (scope.kind === 'subcategory') {
    where.push('p.subcategory_id = ?');
    params.push(scope.subcategoryId);
  }
  if (query.text.kind === 'nothing') where.push('0');
  // The words hold letters and digits only (searchWords), so they need no LIKE escaping.
  for (const word of query.text.kind === 'words' ? query.text.words : []) {
    where.push('p.search_name LIKE ?');
    params.push(`%${word}%`);
  }
  if (filters.brand.length > 0) {
    where.push(`p.brand IN (${placeholders(filters.brand)})`);
    params.push(...filters.brand);
  }
  if (filters.category.length > 0) {
    where.push(`p.category_id IN (${placeholders(filters.category)})`);
    params.push(...filters.category);
  }
  if (filters.subcategory.length > 0) {
    where.push(`p.subcategory_id IN (${placeholders(filters.subcategory)})`);
    params.push(...filters.subcategory);
  }
  if (filters.price.length > 0) {
    where.push(
      `(${filters.price.map(() => '(p.min_price_cents <= ? AND p.max_price_cents >= ?)').join(' OR ')})`,
    );
    for (const range of filters.price) params.push(range.toCents, range.fromCents);
  }
  const condition = where.join(' AND ');
  return { from, where: condition, fromWhere: `FROM ${from} WHERE ${condition}`, params, sortKey };
}

/**
 * What identifies a query for its page tokens: the same products in the same order. Filter values
 * are sorted so choosing them in another order is still the same query.
 */
export function canonicalQuery(call: string, query: ProductQuery): unknown {
  const sorted = (values: readonly string[]) => [...values].sort();
  return {
    call,
    shop: query.shopId,
    scope: query.scope,
    text: query.text,
    brand: sorted(query.filters.brand),
    category: sorted(query.filters.category),
    subcategory: sorted(query.filters.subcategory),
    price: query.filters.price.map((r) => `${r.fromCents}-${r.toCents}`).sort(),
  };
}
