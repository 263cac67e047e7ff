// The search bodies' `filters` (contract catalogFilterSchema: a facet key with a value, or a range
// for the price facet) turned into a query's filters. The keys are the facets the sandbox answers
// (facets.ts); anything else is refused rather than ignored, so a client never gets an unfiltered
// list while believing it filtered.
import { type CatalogFilter, PRICE_FACET_KEY } from '../contract.ts';
import { badRequest } from '../http/envelope.ts';
import type { ProductFilters } from './product-query.ts';

export const BRAND_FACET_KEY = 'brand';
export const CATEGORY_FACET_KEY = 'category';
export const SUBCATEGORY_FACET_KEY = 'subcategory';

const VALUE_KEYS = {
  [BRAND_FACET_KEY]: 'brand',
  [CATEGORY_FACET_KEY]: 'category',
  [SUBCATEGORY_FACET_KEY]: 'subcategory',
} as const satisfies Record<string, keyof ProductFilters>;

const KNOWN_KEYS = `${BRAND_FACET_KEY}, ${CATEGORY_FACET_KEY}, ${SUBCATEGORY_FACET_KEY} ou ${PRICE_FACET_KEY}`;

const shortened = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Reais to cents, widened to whole cents so a bound the client rounded never drops a product. */
const fromReais = (reais: number) => Math.floor(reais * 100 + 1e-6);
const toReais = (reais: number) => Math.ceil(reais * 100 - 1e-6);

export function toProductFilters(filters: readonly CatalogFilter[] | undefined): ProductFilters {
  const result: ProductFilters = { brand: [], category: [], subcategory: [], price: [] };
  for (const filter of filters ?? []) {
    if (filter.key === PRICE_FACET_KEY) {
      if (!filter.range) throw badRequest('O filtro de preço precisa de uma faixa (range com from e to).');
      result.price.push({ fromCents: fromReais(filter.range.from), toCents: toReais(filter.range.to) });
      continue;
    }
    // hasOwn: a key such as 'constructor' must not reach the object's prototype.
    const target = Object.hasOwn(VALUE_KEYS, filter.key)
      ? VALUE_KEYS[filter.key as keyof typeof VALUE_KEYS]
      : undefined;
    if (!target) {
      throw badRequest(`O filtro ${shortened(filter.key)} não existe: use ${KNOWN_KEYS}.`);
    }
    if (filter.value === undefined) {
      throw badRequest(`O filtro ${filter.key} precisa de um valor (value).`);
    }
    if (!result[target].includes(filter.value)) result[target].push(filter.value);
  }
  return result;
}
