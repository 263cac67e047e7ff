// The catalogue view of the address, with the spec's rules as actions. Each change the shopper makes
// (a tab, a search, a filter, a subcategory) is a new history entry, so Back returns to the list they
// saw before, its pages still in the query cache (the product query's key is the view) and its scroll
// restored (app/shell/scroll-restoration.tsx). The app's own changes (the chat link's first view)
// replace the entry instead: the shopper never saw the list they replace. The phone's filter overlay
// is one entry however many filters change in it (filter-overlay-entry.ts).
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { type CatalogView, viewFromParams, viewKey, viewToParams } from './catalog-view.ts';
import { isOverlayEntry, OVERLAY_STATE } from './filter-overlay-entry.ts';

export type UpdateOptions = {
  /** Replace the history entry rather than add one. */
  replace?: boolean;
};

export function useCatalogView() {
  const [params, setParams] = useSearchParams();
  const inOverlay = isOverlayEntry(useLocation().state);
  const view = useMemo(() => viewFromParams(params), [params]);
  const update = useCallback(
    (next: (current: CatalogView) => CatalogView, { replace = false }: UpdateOptions = {}) => {
      const nextView = next(view);
      // The same list again (the chosen tab tapped, the same search sent) is no new place to go back to.
      if (viewKey(nextView) === viewKey(view)) return;
      // In the phone's filter overlay the change stays in the overlay's entry (filter-overlay-entry.ts).
      if (inOverlay) setParams(viewToParams(nextView, params), { replace: true, state: OVERLAY_STATE });
      else setParams(viewToParams(nextView, params), { replace });
    },
    [inOverlay, params, setParams, view],
  );
  return { view, update, params };
}
