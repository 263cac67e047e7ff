import type { SandboxDb } from '../db/open.ts';

/** Server-side order rules of a shop, in reais as stored (see seed/shop.ts). */
export type ShopRules = {
  minOrderValue: number;
  maxDistinctItems: number;
  maxItemsAmout: number;
  orderMinPrice: number;
};

type ShopRow = { name: string; settings: string; rules: string };

function shopRow(db: SandboxDb, shopId: string): ShopRow | undefined {
  return db.prepare<[string], ShopRow>('SELECT name, settings, rules FROM shops WHERE id = ?').get(shopId);
}

/** The settings object exactly as stored: the seed writes it in wire shape. */
export function findShopSettings(db: SandboxDb, shopId: string): Record<string, unknown> | undefined {
  const row = shopRow(db, shopId);
  return row ? (JSON.parse(row.settings) as Record<string, unknown>) : undefined;
}

export function findShopRules(db: SandboxDb, shopId: string): ShopRules | undefined {
  const row = shopRow(db, shopId);
  return row ? (JSON.parse(row.rules) as ShopRules) : undefined;
}
