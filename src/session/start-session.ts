import { ANONYMOUS_SESSION_CODE, SESSION_LIFETIME_SECONDS, type Session } from '@/contract/session.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { isSessionEnded, setSessionHandle } from '@/lib/api-client.ts';
import { getShopSettings, type OpenedSession, openSession, resumeSession } from './api.ts';
import { parseSessionHash, urlWithoutHash } from './hash.ts';
import { tabStorage } from './tab.ts';
import { TAB_STORAGE_KEYS } from './tab-storage.ts';

/** The BFF's cookie lives an operator's shift (12 hours) from the open; the tab's handle expires with it. */
export const HANDLE_TTL_MS = SESSION_LIFETIME_SECONDS * 1000;

export class InvalidSessionError extends Error {
  constructor() {
    super('Sessão Inválida');
    this.name = 'InvalidSessionError';
  }
}

/**
 * The tab's session is no longer in this browser (its cookie evicted by newer chat links, or past its
 * 12 hours): not a bad link, so not 'Sessão Inválida', but 'Abra o link do chat novamente'.
 */
export class SessionEndedError extends Error {
  constructor() {
    super('Abra o link do chat novamente');
    this.name = 'SessionEndedError';
  }
}

export type LoadedSession = {
  session: Session;
  /** Null when the settings call failed: the spec says the page goes on, unbranded. */
  settings: ShopSettings | null;
};

/**
 * Session loading, as the spec's section 4 says: the code comes from the hash (before '?'),
 * an initial catalogue type and id are stored for the first view, 'anonymous-session' is used
 * when there is no code, and a failed session or one without shop data goes to invalid-session.
 * The code then leaves the address bar; a reload resumes through the tab's handle, and a resume the
 * browser no longer holds the session for goes to session-ended.
 */
export async function startSession(
  location: Pick<Location, 'hash' | 'href'> = window.location,
): Promise<LoadedSession> {
  const hash = parseSessionHash(location.hash);
  if (location.hash) window.history.replaceState(window.history.state, '', urlWithoutHash(location.href));
  if (hash.catalogType) tabStorage.set(TAB_STORAGE_KEYS.catalogType, hash.catalogType);
  if (hash.catalogId) tabStorage.set(TAB_STORAGE_KEYS.catalogId, hash.catalogId);

  if (hash.codeRejected) return fail();

  const storedHandle = tabStorage.get<string>(TAB_STORAGE_KEYS.sessionHandle);
  let opened: OpenedSession;
  try {
    if (hash.code) opened = await openSession(hash.code);
    else if (storedHandle) {
      setSessionHandle(storedHandle);
      opened = await resumeSession();
    } else opened = await openSession(ANONYMOUS_SESSION_CODE);
  } catch (error) {
    // Kept: the handle names the ended session, so a reload tells the same instead of opening another.
    if (isSessionEnded(error)) throw new SessionEndedError();
    return fail();
  }
  if (!opened.session.userShop || !opened.handle) return fail();

  setSessionHandle(opened.handle);
  tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, opened.handle, HANDLE_TTL_MS);
  const settings = await getShopSettings().catch(() => null);
  return { session: opened.session, settings };
}

function fail(): never {
  tabStorage.remove(TAB_STORAGE_KEYS.sessionHandle);
  setSessionHandle(undefined);
  throw new InvalidSessionError();
}
