// "Back to the catalogue" (the top bar's ←; 'Adicionar' on a product the tab opened on): the
// catalogue entry the shopper last saw, with its list (tab, search, filters) and its scroll.
//
// While that entry is still behind the current one in the tab's history, going back to it
// (history.go) is exactly a Back: its pages come from the query cache and its scroll position comes
// back (app/shell/scroll-restoration.tsx restores positions on Back), and the history stays as the
// shopper's Back would leave it. Otherwise (the tab opened on a product, or the entry is gone) a new
// entry shows the same list.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { tabStorage } from '@/session/tab.ts';
import { currentHistoryEntry } from './history-entry.ts';

/** Kept in the tab's storage, like the scroll positions, so a reload of a product page still knows it. */
const STORAGE_KEY = 'catalog-return';
const CATALOG_PATH = '/catalog';

type CatalogEntry = {
  /** The catalogue address's query string: '' or '?categoria=2&…'. */
  search: string;
  /** Its position in the tab's history; undefined once another page may have taken that position. */
  index?: number;
};

/** The remembered entry; anything else (storage edited or unavailable) is the plain catalogue. */
function load(): CatalogEntry | undefined {
  const stored = tabStorage.get<unknown>(STORAGE_KEY);
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { search, index } = stored as Record<string, unknown>;
  if (typeof search !== 'string' || (search !== '' && !search.startsWith('?'))) return undefined;
  return Number.isInteger(index) ? { search, index: index as number } : { search };
}

function save(entry: CatalogEntry) {
  tabStorage.set(STORAGE_KEY, entry);
}

/**
 * Notes the page on screen (every screen calls it once shown): a catalogue entry becomes the one to
 * return to; any other page shown at the remembered entry's position has replaced it there.
 */
export function noteShownPage(location: { key: string; search: string }, isCatalog: boolean): void {
  const entry = currentHistoryEntry();
  // A navigation already under way: the browser's entry is no longer the one shown.
  const index = entry.key === location.key ? entry.index : undefined;
  if (isCatalog) {
    save(index === undefined ? { search: location.search } : { search: location.search, index });
    return;
  }
  const remembered = load();
  if (remembered?.index !== undefined && (index === undefined || index === remembered.index)) {
    save({ search: remembered.search });
  }
}

export type CatalogReturn =
  /** Go back this many entries: the remembered catalogue entry is there. */
  | { back: number }
  /** A new entry at this address. */
  | { to: string };

export function catalogReturn(): CatalogReturn {
  const remembered = load();
  const current = currentHistoryEntry().index;
  if (remembered?.index !== undefined && current !== undefined && remembered.index < current) {
    return { back: current - remembered.index };
  }
  return { to: `${CATALOG_PATH}${remembered?.search ?? ''}` };
}

/** The address of the catalogue the shopper would return to (the ← link's href). */
export function catalogReturnPath(): string {
  return `${CATALOG_PATH}${load()?.search ?? ''}`;
}

/** Returns to the catalogue the shopper came from (see above). */
export function useReturnToCatalog(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const target = catalogReturn();
    if ('back' in target) navigate(-target.back);
    else navigate(target.to);
  }, [navigate]);
}
