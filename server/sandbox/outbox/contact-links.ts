// Links sent to the chat contact. A link opens the storefront with the CONTACT's session code in the
// hash (never the operator's: the code is a bearer credential, and the operator's would give the
// contact the operator's powers). The contact's session is the person's existing contact session in
// this shop, or a new one, as the chat platform makes one when it sends a link.
import { randomBytes } from 'node:crypto';
import { type InitialCatalogTypeName, SessionType } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { SandboxHttpError } from '../http/envelope.ts';
import type { SessionRecord } from '../session/sessions.ts';

/** Where the storefront is served; the chat links point there. */
export const DEFAULT_STOREFRONT_URL = 'http://localhost:3000';

/** SANDBOX_STOREFRONT_URL when it is an http(s) address, else the local storefront. */
export function storefrontBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.SANDBOX_STOREFRONT_URL?.trim();
  if (configured) {
    try {
      const url = new URL(configured);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href.replace(/\/+$/, '');
    } catch {
      // fall through to the default
    }
  }
  return DEFAULT_STOREFRONT_URL;
}

/** The contact's session code for the person the operator's session works for. */
export function contactSessionCode(
  db: SandboxDb,
  session: SessionRecord & { shopId: string },
  now: Date,
): string {
  if (!session.userShopId) {
    throw new SandboxHttpError(
      409,
      'Esta conversa não tem um contato para receber a mensagem.',
      'validation',
    );
  }
  const existing = db
    .prepare<[string, string, number], { code: string }>(
      `SELECT code FROM sessions WHERE user_shop_id = ? AND shop_id = ? AND session_type = ?
       ORDER BY created_at, code LIMIT 1`,
    )
    .get(session.userShopId, session.shopId, SessionType.Contact);
  if (existing) return existing.code;
  const code = `contato-${randomBytes(16).toString('hex')}`;
  db.prepare(
    `INSERT INTO sessions (code, shop_id, session_type, channel_type, channel_id, user_shop_id, operator_name,
       created_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)`,
  ).run(
    code,
    session.shopId,
    SessionType.Contact,
    session.channelType,
    session.channelId,
    session.userShopId,
    now.toISOString(),
  );
  return code;
}

/** A storefront page with the session in the hash, e.g. /catalog#code?type=ShowCategory&id=12. */
export function storefrontLink(
  path: string,
  sessionCode: string,
  initial?: { type: InitialCatalogTypeName; id: string },
): string {
  const query = initial ? `?${new URLSearchParams({ type: initial.type, id: initial.id }).toString()}` : '';
  return `${storefrontBaseUrl()}${path}#${sessionCode}${query}`;
}
