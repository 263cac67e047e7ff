// The operator's cached catalogue (spec section 3, "Cached catalogue", and section 4: "Filter state is
// restored from the cached catalogue on load (cache expiry value: 2, unit not shown)"). The view is
// kept in the tab's storage for 2 hours and restored when the operator comes back to a catalogue
// address without a view of its own. The pages themselves stay in the query cache.
import { tabStorage } from '@/session/tab.ts';
import { TAB_STORAGE_KEYS } from '@/session/tab-storage.ts';
import { type CatalogView, viewFromParams, viewToParams } from './catalog-view.ts';

export const CACHED_CATALOG_TTL_MS = 2 * 60 * 60 * 1000;

export function saveOperatorView(view: CatalogView): void {
  tabStorage.set(TAB_STORAGE_KEYS.cachedCatalog, viewToParams(view).toString(), CACHED_CATALOG_TTL_MS);
}

export function restoreOperatorView(): CatalogView | undefined {
  const stored = tabStorage.get<unknown>(TAB_STORAGE_KEYS.cachedCatalog);
  return typeof stored === 'string' && stored ? viewFromParams(new URLSearchParams(stored)) : undefined;
}
