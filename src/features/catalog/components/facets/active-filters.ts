// The filters in force, as the 'Filtrar' button counts them and 'Limpar filtros' removes them: each
// facet value, the price range, and the category chosen in 'Filtrar por categorias' where the tabs do
// not show it (a subcategory; in a search, the category the search is narrowed to). A category tab
// alone is where the shopper is, not a filter: 'Limpar filtros' stays on it.
import type { CatalogView } from '../../view/catalog-view.ts';

type FilterState = Pick<CatalogView, 'mode' | 'categoryId' | 'subcategoryId' | 'facets' | 'price'>;

const narrowsByCategory = (view: FilterState) =>
  view.subcategoryId !== undefined || (view.mode === 'search' && view.categoryId !== undefined);

export function activeFilterCount(view: FilterState): number {
  return view.facets.length + (view.price ? 1 : 0) + (narrowsByCategory(view) ? 1 : 0);
}

export function withoutFilters<T extends FilterState>(view: T): T {
  const keepCategory = view.mode !== 'search' ? view.categoryId : undefined;
  return { ...view, facets: [], price: undefined, categoryId: keepCategory, subcategoryId: undefined };
}
