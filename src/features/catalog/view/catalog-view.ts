// What the catalogue shows, as one value: the mode, the search text, the chosen category (and
// subcategory) and the facet filters. It lives in the address's query string, so the back button,
// a reload and a shared link all show the same list, and coming back from a product page finds the
// same pages in the query cache (spec section 4: catalogue mode, category filter, price facet).
import { type CatalogFilter, PRICE_FACET_KEY } from '@/contract/catalog.ts';

export type CatalogMode = 'catalog' | 'search';

export type PriceRange = { from: number; to: number };

export type CatalogView = {
  mode: CatalogMode;
  /** Trimmed; empty in catalogue mode. */
  searchText: string;
  /** A category, a collection (COLLECTION_ prefix) or SUGGESTED_ITEMS; undefined is 'Todos'. */
  categoryId?: string;
  subcategoryId?: string;
  /** Chosen facet values, by facet key, in the order chosen. */
  facets: readonly { key: string; value: string }[];
  price?: PriceRange;
};

export const EMPTY_VIEW: CatalogView = { mode: 'catalog', searchText: '', facets: [] };

// Query-string names, in Portuguese like the rest of the address the shopper sees.
export const VIEW_PARAMS = {
  category: 'categoria',
  subcategory: 'subcategoria',
  search: 'busca',
  facet: 'filtro',
  price: 'preco',
} as const;

const MAX_TEXT = 200;
const MAX_FACETS = 30;

const cleanId = (value: string | null): string | undefined => {
  const id = value?.trim();
  return id && id.length <= MAX_TEXT ? id : undefined;
};

function parsePrice(value: string | null): PriceRange | undefined {
  const match = /^(\d{1,9}(?:\.\d{1,2})?)-(\d{1,9}(?:\.\d{1,2})?)$/.exec(value ?? '');
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = Number(match[2]);
  return from <= to ? { from, to } : undefined;
}

/** Reads a view from the address; anything malformed is left out rather than trusted. */
export function viewFromParams(params: URLSearchParams): CatalogView {
  const searchText = (params.get(VIEW_PARAMS.search) ?? '').trim().slice(0, MAX_TEXT);
  const categoryId = cleanId(params.get(VIEW_PARAMS.category));
  const subcategoryId = categoryId ? cleanId(params.get(VIEW_PARAMS.subcategory)) : undefined;
  const facets = params
    .getAll(VIEW_PARAMS.facet)
    .slice(0, MAX_FACETS)
    .flatMap((entry) => {
      const colon = entry.indexOf(':');
      const key = entry.slice(0, colon).trim();
      const value = entry.slice(colon + 1).trim();
      return colon > 0 && value && key !== PRICE_FACET_KEY ? [{ key, value }] : [];
    });
  const price = parsePrice(params.get(VIEW_PARAMS.price));
  return {
    mode: searchText ? 'search' : 'catalog',
    searchText,
    ...(categoryId ? { categoryId } : {}),
    ...(subcategoryId ? { subcategoryId } : {}),
    facets,
    ...(price ? { price } : {}),
  };
}

/** The address's query string for a view; keeps parameters that are not the view's (e.g. ids). */
export function viewToParams(view: CatalogView, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of Object.values(VIEW_PARAMS)) params.delete(name);
  if (view.categoryId) params.set(VIEW_PARAMS.category, view.categoryId);
  if (view.categoryId && view.subcategoryId) params.set(VIEW_PARAMS.subcategory, view.subcategoryId);
  if (view.mode === 'search' && view.searchText) params.set(VIEW_PARAMS.search, view.searchText);
  for (const f of view.facets) params.append(VIEW_PARAMS.facet, `${f.key}:${f.value}`);
  if (view.price) params.set(VIEW_PARAMS.price, `${view.price.from}-${view.price.to}`);
  return params;
}

// ---------------------------------------------------------------------------------------------------
// The spec's rules (section 4). Each returns the next view; none mutates.

/**
 * A tab: 'Todos' (undefined) or a category. Tabs browse the catalogue, so a search ends; filters
 * belong to the list they were chosen on, so they go too.
 */
export function chooseTab(_view: CatalogView, categoryId: string | undefined): CatalogView {
  return { ...EMPTY_VIEW, ...(categoryId ? { categoryId } : {}) };
}

/** Search: the text is trimmed; empty goes back to catalogue mode. */
export function searchFor(view: CatalogView, text: string): CatalogView {
  const searchText = text.trim().slice(0, MAX_TEXT);
  return { ...view, mode: searchText ? 'search' : 'catalog', searchText, facets: [], price: undefined };
}

/** Selecting a category sets it and clears the subcategory; selecting it again clears it. */
export function toggleCategory(view: CatalogView, categoryId: string): CatalogView {
  const again = view.categoryId === categoryId && !view.subcategoryId;
  return { ...view, categoryId: again ? undefined : categoryId, subcategoryId: undefined };
}

/** Selecting a subcategory sets both ids; selecting it again returns to the category only. */
export function toggleSubcategory(view: CatalogView, categoryId: string, subcategoryId: string): CatalogView {
  const again = view.categoryId === categoryId && view.subcategoryId === subcategoryId;
  return { ...view, categoryId, subcategoryId: again ? undefined : subcategoryId };
}

/** Checks or unchecks one facet value. */
export function toggleFacetValue(view: CatalogView, key: string, value: string): CatalogView {
  const chosen = view.facets.some((f) => f.key === key && f.value === value);
  return {
    ...view,
    facets: chosen
      ? view.facets.filter((f) => !(f.key === key && f.value === value))
      : [...view.facets, { key, value }],
  };
}

/** The price range; undefined (the full range) removes the price filter. */
export function setPriceRange(view: CatalogView, price: PriceRange | undefined): CatalogView {
  return { ...view, price };
}

/** The category ids of the view, category first (the search call's comma-joined `category`). */
export function categoryIdsOf(view: CatalogView): string[] {
  if (!view.categoryId) return [];
  return view.subcategoryId ? [view.categoryId, view.subcategoryId] : [view.categoryId];
}

/** The filters as the search calls take them. */
export function filtersOf(view: CatalogView): CatalogFilter[] {
  return [
    ...view.facets.map((f) => ({ key: f.key, value: f.value })),
    ...(view.price ? [{ key: PRICE_FACET_KEY, range: view.price }] : []),
  ];
}

/** A stable key of what the list depends on (for the query cache). */
export function viewKey(view: CatalogView): string {
  return viewToParams(view).toString();
}
