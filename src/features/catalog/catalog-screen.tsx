import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useRef } from 'react';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { COLLECTION_PREFIX, SUGGESTED_ITEMS, SUGGESTED_ITEMS_NAME } from '@/contract/catalog.ts';
import { retryingImport } from '@/lib/retrying-import.ts';
import { toast } from '@/lib/toast.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { FooterBar } from '@/order/footer-bar/footer-bar.tsx';
import { useQuantityQueue } from '@/order/quantity/use-quantity-queue.ts';
import { CHOOSE_STORE_FIRST, useStoreNotChosen } from '@/order/seller-step.ts';
import { categoriesQuery } from '@/products/get-categories.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import { facetsQuery } from './api/get-facets.ts';
import { ALL_TAB, CategoryTabs } from './components/category-tabs.tsx';
import { activeFilterCount, withoutFilters } from './components/facets/active-filters.ts';
import { FilterButton } from './components/facets/filter-button.tsx';
import { useFilterOverlay } from './components/facets/use-filter-overlay.ts';
import { GiftNotice } from './components/gift-notice.tsx';
import { PRODUCT_LIST_ID, ProductGrid } from './components/product-grid/product-grid.tsx';
import { SearchBar } from './components/search/search-bar.tsx';
import { SearchHeading } from './components/search/search-heading.tsx';
import {
  chooseTab,
  filtersOf,
  searchFor,
  setPriceRange,
  toggleFacetValue,
  viewToParams,
} from './view/catalog-view.ts';
import { takeInitialView } from './view/initial-view.ts';
import { restoreOperatorView, saveOperatorView } from './view/operator-cache.ts';
import { useCatalogView } from './view/use-catalog-view.ts';
import './catalog-screen.css';
// The filter bar's styles come now: its place in the layout is taken before its code arrives.
import './components/facets/facet-filter-bar.css';

/**
 * The filters: on a phone a panel behind 'Filtrar', on a wide screen a sidebar whose sections load
 * after the first paint anyway (facet-sections.tsx). Their code follows the catalogue's first paint
 * instead of delaying it; an empty bar of the same place stands in until then.
 */
const FacetFilterBar = lazy(
  retryingImport(() =>
    import('./components/facets/facet-filter-bar.tsx').then((module) => ({ default: module.FacetFilterBar })),
  ),
);

const PANEL_ID = 'catalogo-painel';
/** Suggested product ids arrive in the address (spec section 4: "the 'ids' query parameter"). */
const SUGGESTED_IDS_PARAM = 'ids';
const MAX_SUGGESTED = 50;

/** 'Bebidas · Catálogo', 'Pesquisa: arroz · Catálogo', or just 'Catálogo' for 'Todos'. */
function catalogTitle(searchText: string | undefined, categoryPath: readonly string[]): string {
  const list =
    searchText !== undefined ? ['Pesquisa', searchText].filter(Boolean).join(': ') : categoryPath.join(' > ');
  return list ? `${list} · Catálogo` : 'Catálogo';
}

/** The catalogue home (also 'products-found'): tabs, search, facets, the product grid and the footer. */
export default function CatalogPage() {
  const { isPlatformUser } = useLoadedSession();
  const { data: categories = [] } = useQuery(categoriesQuery);
  // Until the order is known the panel waits: the gift notice above it would otherwise push the
  // cards down when the order arrives after them (a layout shift, docs/quality-bars.md: CLS ≤ 0.02).
  const { isPending: orderPending } = useQuery(currentOrderQuery);
  const { view, update, params } = useCatalogView();
  const headingId = useId();
  // The cards' steppers: the cart's queue, flushed before confirming (the footer) and on leaving.
  const quantities = useQuantityQueue();
  const filterPanel = useFilterOverlay();
  const filterCount = activeFilterCount(view);

  const suggestedIds = useMemo(
    () =>
      (params.get(SUGGESTED_IDS_PARAM) ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
        .slice(0, MAX_SUGGESTED),
    [params],
  );

  // First view of the session: the chat link's initial catalogue, else the operator's cached one.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const initial =
      takeInitialView() ??
      (isPlatformUser && viewToParams(view).size === 0 ? restoreOperatorView() : undefined);
    // The shopper has not seen the list this replaces: no history entry to go back to.
    if (initial) update(() => initial, { replace: true });
    else if (suggestedIds.length > 0 && !view.categoryId) {
      update((v) => chooseTab(v, SUGGESTED_ITEMS), { replace: true });
    }
  }, [isPlatformUser, suggestedIds.length, update, view]);

  useEffect(() => {
    if (isPlatformUser) saveOperatorView(view);
  }, [isPlatformUser, view]);

  // With the seller step on, an operator chooses the shop to sell from before adding products.
  const needsSeller = useStoreNotChosen();
  useEffect(() => {
    if (needsSeller) {
      toast(CHOOSE_STORE_FIRST, {
        id: 'escolha-a-loja',
        icon: '⚠️',
      });
    }
  }, [needsSeller]);

  const tabs = useMemo(
    () => [
      ...(suggestedIds.length > 0 ? [{ providerId: SUGGESTED_ITEMS, name: SUGGESTED_ITEMS_NAME }] : []),
      ...categories,
    ],
    [categories, suggestedIds.length],
  );
  const current = tabs.find((c) => c.providerId === view.categoryId);
  const subcategory = categories
    .find((c) => c.providerId === view.categoryId)
    ?.children?.find((s) => s.providerId === view.subcategoryId);
  const categoryPath = [current?.name, subcategory?.name].filter((name): name is string => Boolean(name));
  const { data: facets = [] } = useQuery(facetsQuery(view));
  const layout = isPlatformUser ? 'operator' : 'contact';
  // The filter modal offers categories only: collections have their own tabs.
  const plainCategories = useMemo(
    () => categories.filter((c) => !c.providerId.startsWith(COLLECTION_PREFIX)),
    [categories],
  );
  const isCollection = view.categoryId?.startsWith(COLLECTION_PREFIX) ?? false;

  return (
    <>
      <div className={`catalog${isPlatformUser ? ' catalog--operator' : ''}`}>
        {/* The list's name in the tab's title too: the phone's history list (a long press on Back) tells them apart. */}
        <PageTitle>
          {catalogTitle(view.mode === 'search' ? view.searchText : undefined, categoryPath)}
        </PageTitle>
        <h1 className="visually-hidden">Catálogo</h1>
        <SearchBar
          key={view.mode === 'search' ? view.searchText : ''}
          initialText={view.searchText}
          onSearch={(text) => update((v) => searchFor(v, text))}
        >
          <FilterButton overlay={filterPanel} count={filterCount} />
        </SearchBar>
        <CategoryTabs
          categories={tabs}
          selected={current?.providerId}
          onSelect={(categoryId) => update((v) => chooseTab(v, categoryId))}
          panelId={PANEL_ID}
        />
        <GiftNotice />
        {orderPending ? (
          <PageSpinner label="Carregando os produtos..." />
        ) : (
          <section
            id={PANEL_ID}
            role="tabpanel"
            aria-labelledby={`tab-${current?.providerId ?? 'todos'}`}
            className="catalog__panel"
          >
            <div className="catalog__layout">
              <Suspense fallback={<div className="facet-filter" />}>
                <FacetFilterBar
                  overlay={filterPanel}
                  activeCount={filterCount}
                  onClear={() => update(withoutFilters)}
                  productsId={PRODUCT_LIST_ID}
                  categories={plainCategories}
                  selectedCategoryId={isCollection ? undefined : view.categoryId}
                  selectedSubcategoryId={view.subcategoryId}
                  onFilterCategories={(categoryId, subcategoryId) =>
                    update((v) => ({
                      ...v,
                      categoryId,
                      subcategoryId: categoryId ? subcategoryId : undefined,
                    }))
                  }
                  facets={facets}
                  filters={filtersOf(view)}
                  showCategoryFacets={!view.categoryId}
                  onToggleValue={(key, value) => update((v) => toggleFacetValue(v, key, value))}
                  onPriceRange={(range) => update((v) => setPriceRange(v, range))}
                />
              </Suspense>
              <div className="catalog__results">
                {view.mode === 'search' ? (
                  <div id={headingId}>
                    <SearchHeading text={view.searchText} categoryPath={categoryPath} />
                  </div>
                ) : (
                  <h2 id={headingId} className="catalog__title">
                    {categoryPath.length > 0 ? categoryPath.join(' > ') : ALL_TAB}
                  </h2>
                )}
                <ProductGrid
                  source={{ view, suggestedIds }}
                  layout={layout}
                  labelledBy={headingId}
                  quantities={quantities}
                />
              </div>
            </div>
          </section>
        )}
      </div>
      {/* Outside the operator's zoomed layout: the bar is fixed to the window, at full size. */}
      <FooterBar
        pendingChanges={quantities.pending}
        beforeConfirm={async () => {
          await quantities.flush();
        }}
        view={{
          categoryId: view.categoryId,
          subcategoryId: view.subcategoryId,
          searchText: view.mode === 'search' ? view.searchText : undefined,
          hasCollections: categories.some((c) => c.providerId.startsWith(COLLECTION_PREFIX)),
        }}
      />
    </>
  );
}
