import * as sessionCalls from '@/contract/calls/session.ts';
import { SESSION_HANDLE_HEADER, type Session } from '@/contract/session.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { call } from '@/lib/call.ts';

const SESSION_FAILED = 'Não foi possível carregar sua sessão.';
const SETTINGS_FAILED = 'Não foi possível carregar as configurações da loja.';

export type OpenedSession = { session: Session; handle: string | undefined };

/**
 * Opens the session of a chat link's code, or of a session transfer's token; the BFF keeps the code
 * and answers the tab's handle. Either goes in the body, never in the address (addresses end up in
 * access logs).
 */
export async function openSession(body: sessionCalls.OpenSessionBody): Promise<OpenedSession> {
  const answer = await call(sessionCalls.openSession, { body, withHeaders: true }, SESSION_FAILED);
  return { session: answer.data, handle: answer.headers[SESSION_HANDLE_HEADER] };
}

/** After a reload the address bar has no code: the BFF resumes the tab's session from its handle. */
export async function resumeSession(): Promise<OpenedSession> {
  const answer = await call(sessionCalls.resumeSession, { withHeaders: true }, SESSION_FAILED);
  return { session: answer.data, handle: answer.headers[SESSION_HANDLE_HEADER] };
}

export async function getShopSettings(): Promise<ShopSettings> {
  return call(sessionCalls.getShopSettings, {}, SETTINGS_FAILED);
}
