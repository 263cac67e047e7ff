import { SESSION_HANDLE_HEADER, type Session, sessionSchema } from '@/contract/session.ts';
import { type ShopSettings, shopSettingsSchema } from '@/contract/shop-settings.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';

const SESSION_FAILED = 'Não foi possível carregar sua sessão.';
const SETTINGS_FAILED = 'Não foi possível carregar as configurações da loja.';

export type OpenedSession = { session: Session; handle: string | undefined };

/**
 * Opens the session of a chat link's code; the BFF keeps the code and answers the tab's handle. The
 * code goes in the body, never in the address (addresses end up in access logs).
 */
export async function openSession(code: string): Promise<OpenedSession> {
  const answer = await apiCall({ method: 'POST', url: '/api/session', data: { code } }, SESSION_FAILED);
  return {
    session: parseData(sessionSchema, answer.data, SESSION_FAILED),
    handle: answer.headers[SESSION_HANDLE_HEADER],
  };
}

/** After a reload the address bar has no code: the BFF resumes the tab's session from its handle. */
export async function resumeSession(): Promise<OpenedSession> {
  const answer = await apiCall({ method: 'GET', url: '/api/session' }, SESSION_FAILED);
  return {
    session: parseData(sessionSchema, answer.data, SESSION_FAILED),
    handle: answer.headers[SESSION_HANDLE_HEADER],
  };
}

export async function getShopSettings(): Promise<ShopSettings> {
  const answer = await apiCall({ method: 'GET', url: '/api/shop/settings' }, SETTINGS_FAILED);
  return parseData(shopSettingsSchema, answer.data, SETTINGS_FAILED);
}
