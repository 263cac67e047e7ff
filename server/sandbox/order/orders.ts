// The session's current order: found or created, and read back. The wire shape is order-wire.ts.
import { OrderState } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { findUserShop, type SessionRecord } from '../session/sessions.ts';

export type OrderRow = {
  id: number;
  session_code: string;
  shop_id: string;
  user_id: string;
  is_anonymous: number;
  status: number;
  is_in_semi_automatic: number;
  enable_preferences: number;
  checkout: string;
};

const ORDER_COLUMNS =
  'id, session_code, shop_id, user_id, is_anonymous, status, is_in_semi_automatic, enable_preferences, checkout';

export function findCurrentOrder(db: SandboxDb, sessionCode: string): OrderRow | undefined {
  return db
    .prepare<[string], OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE session_code = ? AND is_current = 1`,
    )
    .get(sessionCode);
}

/**
 * The session's current order, created empty on first ask. The unique partial index on
 * (session_code) WHERE is_current = 1 makes a second concurrent creation a no-op.
 */
export function getOrCreateCurrentOrder(
  db: SandboxDb,
  session: SessionRecord & { shopId: string },
  now: () => Date = () => new Date(),
): OrderRow {
  const existing = findCurrentOrder(db, session.code);
  if (existing) return existing;
  const userShop = session.userShopId ? findUserShop(db, session.userShopId) : undefined;
  // Sessions without a known person still get an order, as an anonymous one tied to the session.
  const userId = userShop?.id ?? `anonymous-${session.channelId}`;
  const isAnonymous = userShop ? userShop.isAnonymous : true;
  const at = now().toISOString();
  db.prepare(
    `INSERT INTO orders (session_code, shop_id, user_id, is_anonymous, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (session_code) WHERE is_current = 1 DO NOTHING`,
  ).run(session.code, session.shopId, userId, isAnonymous ? 1 : 0, OrderState.Creating, at, at);
  const created = findCurrentOrder(db, session.code);
  if (!created) throw new Error('current order missing right after creation');
  return created;
}
