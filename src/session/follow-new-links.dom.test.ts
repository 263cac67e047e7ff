import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionHandle } from '@/lib/api-client.ts';
import { followNewChatLinks } from './follow-new-links.ts';
import { tabStorage } from './tab.ts';
import { STORAGE_PREFIX, TAB_STORAGE_KEYS } from './tab-storage.ts';

const A = 'aaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbb';

/** The page brought back by Back from the back-forward cache, with its memory as it left it. */
function pageShown(persisted: boolean) {
  const reload = vi.fn();
  const target = new EventTarget() as EventTarget & { location: { hash: string; reload(): void } };
  target.location = { hash: '', reload };
  followNewChatLinks(target as never);
  const event = new Event('pageshow') as PageTransitionEvent;
  Object.defineProperty(event, 'persisted', { value: persisted });
  target.dispatchEvent(event);
  return reload;
}

/** What another page of the tab wrote meanwhile (straight to the storage, not this page's memory). */
function writtenByAnotherPage(key: string, value: unknown) {
  sessionStorage.setItem(`${STORAGE_PREFIX}${key}`, JSON.stringify({ value }));
}

afterEach(() => {
  setSessionHandle(undefined);
  tabStorage.clear();
});

describe('Back to a page the browser kept while a newer chat link opened in the tab', () => {
  it('loads again, and so works in the newer link’s session', () => {
    setSessionHandle(A);
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, A);
    writtenByAnotherPage(TAB_STORAGE_KEYS.sessionHandle, B);
    expect(pageShown(true)).toHaveBeenCalledOnce();
  });

  it('loads again when the newer link was still opening', () => {
    setSessionHandle(A);
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, A);
    writtenByAnotherPage(TAB_STORAGE_KEYS.sessionLink, { code: 'demo-operator' });
    expect(pageShown(true)).toHaveBeenCalledOnce();
  });

  it('stays as it is when the tab is still in its session', () => {
    setSessionHandle(A);
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, A);
    expect(pageShown(true)).not.toHaveBeenCalled();
  });

  it('a page loaded afresh (not from the cache) is left alone', () => {
    setSessionHandle(A);
    writtenByAnotherPage(TAB_STORAGE_KEYS.sessionHandle, B);
    expect(pageShown(false)).not.toHaveBeenCalled();
  });
});
