// The first catalogue view of a session: what a chat link asks for, or the operator's cached view.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tabStorage } from '@/session/tab.ts';
import { TAB_STORAGE_KEYS } from '@/session/tab-storage.ts';
import { EMPTY_VIEW } from './catalog-view.ts';
import { takeInitialView } from './initial-view.ts';
import { CACHED_CATALOG_TTL_MS, restoreOperatorView, saveOperatorView } from './operator-cache.ts';

function link(type: string, id: string) {
  tabStorage.set(TAB_STORAGE_KEYS.catalogType, type);
  tabStorage.set(TAB_STORAGE_KEYS.catalogId, id);
}

afterEach(() => {
  tabStorage.clear();
  vi.useRealTimers();
});

describe('the initial catalogue of a chat link', () => {
  it('opens a category, a collection or a search, once', () => {
    link('ShowCategory', '3');
    expect(takeInitialView()).toEqual({ ...EMPTY_VIEW, categoryId: '3' });
    expect(takeInitialView()).toBeUndefined();

    link('ShowCollection', '9001');
    expect(takeInitialView()).toEqual({ ...EMPTY_VIEW, categoryId: 'COLLECTION_9001' });

    link('ShowQuery', '  café  ');
    expect(takeInitialView()).toEqual({ ...EMPTY_VIEW, mode: 'search', searchText: 'café' });
  });

  it('gives the standard catalogue for the Standard type or a missing id, and forgets them', () => {
    link('Standard', '3');
    expect(takeInitialView()).toBeUndefined();
    tabStorage.set(TAB_STORAGE_KEYS.catalogType, 'ShowCategory');
    expect(takeInitialView()).toBeUndefined();
    expect(tabStorage.get(TAB_STORAGE_KEYS.catalogType)).toBeUndefined();
  });
});

describe('the operator’s cached catalogue', () => {
  it('comes back as it was left', () => {
    const view = {
      ...EMPTY_VIEW,
      mode: 'search' as const,
      searchText: 'arroz',
      categoryId: '1',
      facets: [{ key: 'brand', value: 'Camil' }],
    };
    saveOperatorView(view);
    expect(restoreOperatorView()).toEqual(view);
  });

  it('expires after 2 hours', () => {
    vi.useFakeTimers();
    saveOperatorView({ ...EMPTY_VIEW, categoryId: '2' });
    vi.advanceTimersByTime(CACHED_CATALOG_TTL_MS + 1);
    expect(restoreOperatorView()).toBeUndefined();
  });
});
