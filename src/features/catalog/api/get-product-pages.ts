// The product list of a catalogue view, page by page (shopper spec, section 7):
// - 'Todos' without filters: the top sellers;
// - a collection: the collection's products (with the search text when searching);
// - 'Sugeridos': the suggested ids, in one page;
// - a category, or any search or filter: the search call (category ids comma-joined), or the text
//   search when no category is chosen.
// Pages continue with the token of the previous page, so a page never repeats or skips a product.

import * as catalogCalls from '@/contract/calls/catalog.ts';
import {
  COLLECTION_PREFIX,
  DEFAULT_PRODUCT_PER_PAGE,
  type PagedProductResult,
  SUGGESTED_ITEMS,
} from '@/contract/catalog.ts';
import { pathValue } from '@/contract/path-rules.ts';
import { call } from '@/lib/call.ts';
import { infiniteQueryOptions } from '@/lib/query-options.ts';
import { type CatalogView, categoryIdsOf, filtersOf, viewKey } from '../view/catalog-view.ts';

const LIST_PRODUCTS_FAILED = 'Não foi possível carregar os produtos.';

export type PageParam = { pageNumber: number; pageToken?: string };

export type ProductPageSource = {
  view: CatalogView;
  /** The suggested product ids ('Sugeridos'), when that pseudo-category is chosen. */
  suggestedIds?: readonly string[];
};

async function fetchPage(source: ProductPageSource, page: PageParam): Promise<PagedProductResult> {
  const { view } = source;
  const paging = {
    pageNumber: page.pageNumber,
    perPage: DEFAULT_PRODUCT_PER_PAGE,
    pageToken: page.pageToken,
  };
  const filters = filtersOf(view);
  const text = view.mode === 'search' ? view.searchText : undefined;

  if (view.categoryId === SUGGESTED_ITEMS) return fetchSuggested(source.suggestedIds ?? []);

  if (view.categoryId?.startsWith(COLLECTION_PREFIX) && filters.length === 0) {
    const id = pathValue(view.categoryId.slice(COLLECTION_PREFIX.length));
    return call(
      catalogCalls.listCollectionProducts,
      { params: { id }, query: { ...paging, searchQuery: text } },
      LIST_PRODUCTS_FAILED,
    );
  }
  if (view.categoryId) {
    return call(
      catalogCalls.searchProducts,
      { body: { ...paging, category: categoryIdsOf(view).join(','), searchQuery: text, filters } },
      LIST_PRODUCTS_FAILED,
    );
  }
  if (text || filters.length > 0) {
    return call(
      catalogCalls.searchProductsByText,
      { body: { ...paging, searchQuery: text ?? '', filters } },
      LIST_PRODUCTS_FAILED,
    );
  }
  return call(catalogCalls.listTopProducts, { query: paging }, LIST_PRODUCTS_FAILED);
}

/** Suggested ids in one call; failed lookups are ignored (spec section 8): an empty page then. */
async function fetchSuggested(ids: readonly string[]): Promise<PagedProductResult> {
  if (ids.length === 0) return { data: [], hasMore: false };
  try {
    const data = await call(
      catalogCalls.getProductsByIds,
      // Each id checked and encoded on its own, joined by plain commas.
      { params: { ids: ids.map((id) => pathValue(id)) } },
      LIST_PRODUCTS_FAILED,
    );
    return { data, hasMore: false };
  } catch {
    return { data: [], hasMore: false };
  }
}

export const productPagesQuery = (source: ProductPageSource) =>
  infiniteQueryOptions({
    queryKey: ['catalog', 'products', viewKey(source.view), source.suggestedIds?.join(',') ?? ''],
    queryFn: ({ pageParam }) => fetchPage(source, pageParam),
    initialPageParam: { pageNumber: 0 } as PageParam,
    getNextPageParam: (last, pages): PageParam | undefined =>
      last.hasMore
        ? { pageNumber: pages.length, ...(last.token ? { pageToken: last.token } : {}) }
        : undefined,
    // Coming back from a product page shows the same pages at once, and keeps them for a long read
    // (react-query would drop an unused list after 5 min; Back would then find only its first page).
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
  });
