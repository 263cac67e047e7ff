// The catalogue view of the address, with the spec's rules as actions. Changing the view replaces the
// history entry's query (no new entry per filter tick), and the list starts again at page 0 because
// the product query's key is the view.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type CatalogView, viewFromParams, viewToParams } from './catalog-view.ts';

export function useCatalogView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromParams(params), [params]);
  const update = useCallback(
    (next: (current: CatalogView) => CatalogView) => {
      setParams((current) => viewToParams(next(viewFromParams(current)), current), { replace: true });
    },
    [setParams],
  );
  return { view, update, params };
}
