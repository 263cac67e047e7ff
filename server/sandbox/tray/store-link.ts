// Tray store links (tray_links): which chatbot answers for a Tray store. The sandbox checks what a
// commerce backend must check before it exchanges Tray's authorization code (docs/domain.md, Tray store linking):
// the store id is Tray's numeric id; api_address and store_host arrive in a query string, so both
// must be https addresses of a plain host (no credentials, no port tricks), the API on the store's
// own host (or Tray's commercesuite.com.br) under /web_api; an authorization code works once. Secrets are never kept in clear: the
// chatbot token is stored as its SHA-256 only, and the authorization code (single use, exchangeable
// for Tray's tokens) only as its SHA-256, to refuse a replay.
import { createHash } from 'node:crypto';
import type { StoreLinkPayload } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { badRequest, notFound, SandboxHttpError } from '../http/envelope.ts';

const STORE_ID = /^\d{1,20}$/;
/** Tray's own platform domain: a store's API may live there rather than on the store's domain. */
const TRAY_PLATFORM_DOMAIN = '.commercesuite.com.br';

export const TRAY_MESSAGES = {
  storeId: 'O identificador da loja Tray é inválido.',
  apiAddress: 'O endereço da API da loja deve ser um endereço https da própria loja terminado em /web_api.',
  storeHost: 'O endereço da loja deve ser um endereço https, sem usuário, senha ou caminho.',
  codeUsed: 'Este código de autorização já foi usado. Autorize o aplicativo novamente na Tray.',
  notLinked: 'Nenhum chatbot está vinculado a esta loja.',
} as const;

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A plain https address: no credentials, default port, no query or fragment. */
function httpsUrl(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port || url.search || url.hash) {
    return undefined;
  }
  return url;
}

/** Validates the link against the rules above; answers the normalized addresses. */
function checkedAddresses(payload: StoreLinkPayload): { storeHost: string; apiAddress: string } {
  const host = httpsUrl(payload.storeHost);
  if (!host || (host.pathname !== '/' && host.pathname !== '')) throw badRequest(TRAY_MESSAGES.storeHost);
  const api = httpsUrl(payload.apiAddress);
  const apiPath = api?.pathname.replace(/\/+$/, '');
  const apiHostOk =
    api !== undefined && (api.hostname === host.hostname || api.hostname.endsWith(TRAY_PLATFORM_DOMAIN));
  if (!api || !apiHostOk || apiPath !== '/web_api') throw badRequest(TRAY_MESSAGES.apiAddress);
  return { storeHost: host.origin, apiAddress: `${api.origin}/web_api` };
}

export function requireStoreId(id: string): string {
  if (!STORE_ID.test(id)) throw badRequest(TRAY_MESSAGES.storeId);
  return id;
}

export type LinkResult = { store: string; chatbotId: string; replaced: boolean; linkedAt: string };

/** Links the store to the chatbot; a store already linked gets the new link instead. */
export function linkStore(db: SandboxDb, payload: StoreLinkPayload, now: Date): LinkResult {
  const store = requireStoreId(payload.store);
  const addresses = checkedAddresses(payload);
  const codeSha256 = sha256(payload.code);
  const used = db
    .prepare<[string], { store: string }>(
      "SELECT store FROM tray_links WHERE json_extract(payload, '$.codeSha256') = ?",
    )
    .get(codeSha256);
  if (used) throw new SandboxHttpError(409, TRAY_MESSAGES.codeUsed, 'validation');
  const replaced = db
    .prepare<[string], { store: string }>('SELECT store FROM tray_links WHERE store = ?')
    .get(store);
  const linkedAt = now.toISOString();
  const stored = { admUser: payload.admUser, store, ...addresses, codeSha256 };
  db.prepare(
    `INSERT INTO tray_links (store, chatbot_id, payload, token_sha256, linked_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (store) DO UPDATE SET chatbot_id = excluded.chatbot_id, payload = excluded.payload,
       token_sha256 = excluded.token_sha256, linked_at = excluded.linked_at`,
  ).run(store, payload.chatbotId, JSON.stringify(stored), sha256(payload.chatbotToken), linkedAt);
  return { store, chatbotId: payload.chatbotId, replaced: replaced !== undefined, linkedAt };
}

/** The chatbot id linked to a store; 404 when none. */
export function linkedChatbot(db: SandboxDb, store: string): string {
  const row = db
    .prepare<[string], { chatbot_id: string }>('SELECT chatbot_id FROM tray_links WHERE store = ?')
    .get(requireStoreId(store));
  if (!row) throw notFound(TRAY_MESSAGES.notLinked);
  return row.chatbot_id;
}
