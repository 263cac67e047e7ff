// Facets of a product query (GET /api/catalog/products/facets): for each facet the values its
// products have and how many products have each, counted with the same SQL the lists use, so
// choosing a value as a filter answers exactly `quantity` products. The price facet is a range:
// one value from the lowest to the highest price of those products.
import { PRICE_FACET_KEY } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { formatBrl } from '../rules/brl.ts';
import { centsToReais } from '../rules/money.ts';
import { BRAND_FACET_KEY, CATEGORY_FACET_KEY, SUBCATEGORY_FACET_KEY } from './filters.ts';
import { type ProductQuery, productQuerySql } from './product-query.ts';

type CountRow = { value: string; name: string; quantity: number };

export type FacetOptions = {
  /**
   * The category facets are hidden outside the top list (shopper spec, section 4): once a category
   * or collection is chosen they would only repeat it.
   */
  hideCategoryFacets: boolean;
};

export function productFacets(db: SandboxDb, query: ProductQuery, options: FacetOptions) {
  const { from, where, fromWhere, params } = productQuerySql(query);
  const counts = (sql: string) => db.prepare<unknown[], CountRow>(sql).all(...params);

  const categories = counts(
    `SELECT c.id AS value, c.name AS name, COUNT(*) AS quantity
     FROM ${from} JOIN categories c ON c.id = p.category_id WHERE ${where}
     GROUP BY c.id ORDER BY c.position, c.id`,
  );
  const subcategories = counts(
    `SELECT s.id AS value, s.name AS name, COUNT(*) AS quantity
     FROM ${from} JOIN categories s ON s.id = p.subcategory_id JOIN categories c ON c.id = s.parent_id
     WHERE ${where} GROUP BY s.id ORDER BY c.position, s.position, s.id`,
  );
  const brands = counts(
    `SELECT p.brand AS value, p.brand AS name, COUNT(*) AS quantity ${fromWhere}
     GROUP BY p.brand ORDER BY quantity DESC, p.brand`,
  );
  const price = db
    .prepare<unknown[], { low: number | null; high: number | null; quantity: number }>(
      `SELECT MIN(p.min_price_cents) AS low, MAX(p.max_price_cents) AS high, COUNT(*) AS quantity ${fromWhere}`,
    )
    .get(...params);

  const values = (rows: CountRow[]) =>
    rows.map((r) => ({ name: r.name, value: r.value, quantity: r.quantity }));
  const priceValues =
    price && price.low !== null && price.high !== null
      ? [
          {
            name: `${formatBrl(price.low)} a ${formatBrl(price.high)}`,
            value: `${centsToReais(price.low)}-${centsToReais(price.high)}`,
            quantity: price.quantity,
            range: { from: centsToReais(price.low), to: centsToReais(price.high) },
          },
        ]
      : [];
  return [
    {
      key: CATEGORY_FACET_KEY,
      name: 'Categoria',
      hidden: options.hideCategoryFacets,
      values: values(categories),
    },
    {
      key: SUBCATEGORY_FACET_KEY,
      name: 'Subcategoria',
      hidden: options.hideCategoryFacets,
      values: values(subcategories),
    },
    { key: BRAND_FACET_KEY, name: 'Marca', hidden: false, values: values(brands) },
    { key: PRICE_FACET_KEY, name: 'Preço', hidden: false, values: priceValues },
  ];
}
