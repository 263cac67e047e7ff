// Tests change a shop's settings or rules in their own in-memory database to reach a behaviour the
// seeded shop does not show (manual prices, seller step...).
import type { SandboxDb } from '../db/types.ts';
import { SHOP_ID } from '../seed/shop.ts';

export function patchShopSettings(db: SandboxDb, patch: Record<string, unknown>, shopId = SHOP_ID): void {
  const row = db
    .prepare<[string], { settings: string }>('SELECT settings FROM shops WHERE id = ?')
    .get(shopId);
  if (!row) throw new Error(`no shop ${shopId}`);
  const settings = { ...(JSON.parse(row.settings) as Record<string, unknown>), ...patch };
  db.prepare('UPDATE shops SET settings = ? WHERE id = ?').run(JSON.stringify(settings), shopId);
}
