// The chat link, read once per page (shopper spec section 4, "Session loading"; decision 0002).
//
// A link reads `/catalog#<code>?type=ShowCategory&id=12`. The page's first script (main.tsx) calls
// takeChatLink() before anything else: it reads the fragment, keeps the code in this tab's storage
// and only then takes the fragment out of the address, before the router or any other code has seen
// it. From then on the tab reopens its session from its own storage, whatever happens next (a reload
// while the session is opening, a navigation, Back):
//   - a link whose session has not opened yet (`session_link`) is opened again;
//   - once the BFF holds the code, the tab keeps only its handle (`session_handle`): linkOpened();
//   - a tab with neither opens `anonymous-session`.
// A session transfer link (`/abrir/<token>`, 'Abrir no navegador': decision 0024) names the session
// by a one-time token instead: it is opened with it, never the anonymous session, and the page takes
// the token out of the address once the session has opened (app/open-in-browser/transfer-page.tsx).
// The code sits in the tab's storage only while the session opens, as long as the address would
// otherwise have held it, so page scripts can read no more of it than they could before.
//
// Imports no library: it runs first of all in the page's first script, before the router exists.
import { isValidSessionCode, SESSION_LIFETIME_SECONDS } from '@/contract/session-code.ts';
import { parseSessionHash, urlWithoutHash } from './hash.ts';
import { tabStorage } from './tab.ts';
import { TAB_STORAGE_KEYS } from './tab-storage.ts';

/** The BFF's cookie lives an operator's shift (12 hours) from the open; the tab's handle expires with it. */
export const HANDLE_TTL_MS = SESSION_LIFETIME_SECONDS * 1000;

export type ChatLink =
  /** The link's code: this page's, or one a reload interrupted before its session opened. */
  | { kind: 'code'; code: string }
  /** A session transfer link's token: spent by its first open, so it is never kept in storage. */
  | { kind: 'transfer'; token: string }
  /** The link's code was refused ('Sessão Inválida'), also after a reload, until another link comes. */
  | { kind: 'refused' }
  /** No link waiting: the tab resumes its session from its handle, else opens the anonymous one. */
  | { kind: 'none' };

/** What the tab keeps under `session_link`. */
type StoredLink = { code: string } | { refused: true };

type AddressBar = {
  location: Pick<Location, 'hash' | 'href' | 'pathname'>;
  history: Pick<History, 'replaceState' | 'state'>;
};

let taken: ChatLink | undefined;
/** The address kept the fragment because the tab's storage refused the code (see takeChatLink). */
let fragmentLeftInAddress: AddressBar | undefined;

/** The link the tab keeps; storage can be edited, so a code is taken only if it is one. */
function storedLink(): ChatLink {
  const stored = tabStorage.get<Partial<{ code: unknown; refused: unknown }>>(TAB_STORAGE_KEYS.sessionLink);
  if (stored?.refused === true) return { kind: 'refused' };
  const code = stored?.code;
  if (typeof code === 'string' && isValidSessionCode(code)) return { kind: 'code', code };
  return { kind: 'none' };
}

function keepLink(link: StoredLink): boolean {
  return tabStorage.set(TAB_STORAGE_KEYS.sessionLink, link, HANDLE_TTL_MS);
}

function clearFragment(bar: AddressBar) {
  bar.history.replaceState(bar.history.state, '', urlWithoutHash(bar.location.href));
}

/**
 * Reads the chat link of this page load, once: the first call reads the address and empties its
 * fragment, later calls answer the same. The initial catalogue type and id are kept for the
 * catalogue's first view (features/catalog/view/initial-view.ts).
 */
export function takeChatLink(bar: AddressBar = window): ChatLink {
  if (taken) return taken;
  const hash = parseSessionHash(bar.location.hash);
  if (hash.catalogType) tabStorage.set(TAB_STORAGE_KEYS.catalogType, hash.catalogType);
  if (hash.catalogId) tabStorage.set(TAB_STORAGE_KEYS.catalogId, hash.catalogId);
  let kept = true;
  if (hash.code) kept = keepLink({ code: hash.code });
  else if (hash.codeRejected) kept = keepLink({ refused: true });
  if (bar.location.hash) {
    // Without storage (blocked, full) only the address can bring the code back after a reload: it
    // stays there until the session has opened, then goes (linkOpened).
    if (kept) clearFragment(bar);
    else fragmentLeftInAddress = bar;
  }
  const token = /^\/abrir\/([^/]*)/.exec(bar.location.pathname)?.[1];
  // A refused code read from this very address stands even when the tab could not keep it.
  taken = token
    ? { kind: 'transfer', token }
    : hash.code
      ? { kind: 'code', code: hash.code }
      : hash.codeRejected
        ? { kind: 'refused' }
        : storedLink();
  return taken;
}

/** The BFF holds the link's session: the tab keeps its handle, and the code leaves the tab for good. */
export function linkOpened(handle: string): void {
  tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, handle, HANDLE_TTL_MS);
  tabStorage.remove(TAB_STORAGE_KEYS.sessionLink);
  if (fragmentLeftInAddress) clearFragment(fragmentLeftInAddress);
  fragmentLeftInAddress = undefined;
  taken = { kind: 'none' };
}

/**
 * The backend refused the link's session (no such session, or one without shop data): the code is
 * dropped (spec: "the stored code is removed") and the tab remembers the refusal, so a reload shows
 * 'Sessão Inválida' again instead of opening another session.
 */
export function linkRefused(): void {
  tabStorage.remove(TAB_STORAGE_KEYS.sessionHandle);
  keepLink({ refused: true });
  if (fragmentLeftInAddress) clearFragment(fragmentLeftInAddress);
  fragmentLeftInAddress = undefined;
  taken = { kind: 'refused' };
}

/** The handle the tab resumes its session with, when no link is waiting. */
export function storedHandle(): string | undefined {
  const handle = tabStorage.get<unknown>(TAB_STORAGE_KEYS.sessionHandle);
  return typeof handle === 'string' && handle ? handle : undefined;
}

/**
 * Whether another page of this tab has opened a session since this page loaded its own: this page
 * was kept in the back-forward cache while a newer chat link opened in the tab, and Back brought it
 * back with the old session in memory.
 */
export function tabMovedOn(handleInUse: string | undefined): boolean {
  tabStorage.forget(TAB_STORAGE_KEYS.sessionLink);
  tabStorage.forget(TAB_STORAGE_KEYS.sessionHandle);
  return storedLink().kind !== 'none' || storedHandle() !== handleInUse;
}

/** Tests: forget what this page read, as a new page load would. */
export function forgetChatLinkForTests(): void {
  taken = undefined;
  fragmentLeftInAddress = undefined;
}
