// The facets of what the catalogue shows (GET /api/catalog/products/facets): searchQuery is the
// category ids (comma-joined) when a category is chosen, else the search text; 'Todos' and
// 'Sugeridos' have none to ask for with text, so 'Todos' asks with an empty query (the whole catalogue).

import * as catalogCalls from '@/contract/calls/catalog.ts';
import { type Facet, SUGGESTED_ITEMS } from '@/contract/catalog.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';
import { type CatalogView, categoryIdsOf } from '../view/catalog-view.ts';

const FACETS_FAILED = 'Não foi possível carregar os filtros.';

export function facetsSearchQuery(view: CatalogView): string | undefined {
  if (view.categoryId === SUGGESTED_ITEMS) return undefined;
  if (view.categoryId) return categoryIdsOf(view).join(',');
  return view.mode === 'search' ? view.searchText : '';
}

async function getFacets(searchQuery: string): Promise<Facet[]> {
  return call(catalogCalls.getProductFacets, { query: searchQuery ? { searchQuery } : {} }, FACETS_FAILED);
}

export const facetsQuery = (view: CatalogView) => {
  const searchQuery = facetsSearchQuery(view);
  return queryOptions({
    queryKey: ['catalog', 'facets', searchQuery ?? null],
    queryFn: () => getFacets(searchQuery ?? ''),
    enabled: searchQuery !== undefined,
    staleTime: 5 * 60_000,
  });
};
