import { ANONYMOUS_SESSION_CODE, type Session } from '@/contract/session.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { ApiError, isSessionEnded, setSessionHandle } from '@/lib/api-client.ts';
import { getShopSettings, type OpenedSession, openSession, resumeSession } from './api.ts';
import { linkOpened, linkRefused, storedHandle, takeChatLink } from './chat-link.ts';

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

/** A refusal (4xx) will not change by asking again; no answer or a backend failure (5xx) may. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;

/**
 * The one way a tab opens its session (spec section 4, "Session loading"), for the page's first
 * script and the screens alike (session-query.ts):
 * - the chat link's code (session/chat-link.ts, read once; or the code of a link whose opening a
 *   reload interrupted) is opened, or a session transfer link's token (the BFF redeems it);
 * - else the tab's handle resumes the session the tab already has;
 * - else `anonymous-session` is opened (the BFF tells this browser's visitor apart: decision 0019).
 * A session the backend refuses, or answers without shop data, goes to invalid-session, and the
 * tab remembers it; a session the browser no longer holds goes to session-ended. A call that got
 * no answer, or met a backend failure, is thrown as it is: the query tries it again, and the link
 * waits in the tab's storage for a reload.
 */
export async function startSession(): Promise<LoadedSession> {
  const link = takeChatLink();
  if (link.kind === 'refused') throw new InvalidSessionError();
  const handle = link.kind === 'none' ? storedHandle() : undefined;
  let opened: OpenedSession;
  try {
    if (link.kind === 'code') opened = await openSession({ code: link.code });
    else if (link.kind === 'transfer') opened = await openSession({ transfer: link.token });
    else if (handle) {
      setSessionHandle(handle);
      opened = await resumeSession();
    } else opened = await openSession({ code: ANONYMOUS_SESSION_CODE });
  } catch (error) {
    // The handle is kept: it names the ended session, so a reload tells the same.
    if (isSessionEnded(error)) throw new SessionEndedError();
    if (isRefusal(error)) refuse();
    throw error;
  }
  if (!opened.session.userShop || !opened.handle) refuse();

  setSessionHandle(opened.handle);
  linkOpened(opened.handle);
  const settings = await getShopSettings().catch(() => null);
  return { session: opened.session, settings };
}

function refuse(): never {
  linkRefused();
  setSessionHandle(undefined);
  throw new InvalidSessionError();
}
