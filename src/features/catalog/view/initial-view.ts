// The view a chat link asks for (`#code?type=ShowCategory&id=12`, spec section 4): used once, on the
// first catalogue view of the session, then removed from the tab's storage.
import { COLLECTION_PREFIX } from '@/contract/catalog.ts';
import { tabStorage } from '@/session/tab.ts';
import { TAB_STORAGE_KEYS } from '@/session/tab-storage.ts';
import { type CatalogView, EMPTY_VIEW, searchFor } from './catalog-view.ts';

/** Takes the stored initial catalogue type and id, if any, and turns them into a view. */
export function takeInitialView(): CatalogView | undefined {
  const type = tabStorage.get<string>(TAB_STORAGE_KEYS.catalogType);
  const id = tabStorage.get<string>(TAB_STORAGE_KEYS.catalogId);
  if (type === undefined && id === undefined) return undefined;
  tabStorage.remove(TAB_STORAGE_KEYS.catalogType);
  tabStorage.remove(TAB_STORAGE_KEYS.catalogId);
  if (typeof id !== 'string' || !id) return undefined;
  switch (type) {
    case 'ShowCategory':
      return { ...EMPTY_VIEW, categoryId: id };
    case 'ShowCollection':
      return {
        ...EMPTY_VIEW,
        categoryId: id.startsWith(COLLECTION_PREFIX) ? id : `${COLLECTION_PREFIX}${id}`,
      };
    case 'ShowQuery':
      return searchFor(EMPTY_VIEW, id);
    default:
      return undefined;
  }
}
