// Shops: the settings the SPA reads (GET /api/shop/settings) and the server-only rules the order,
// checkout and payment apply. A scenario shop may sell another shop's catalogue (catalog_shop_id).
import type { CheckoutRules } from '../checkout/rules.ts';
import type { SandboxDb } from '../db/types.ts';
import type { PaymentRules } from '../payment/rules.ts';

/** Order limits and minimums, in cents (the wire shows reais). */
export type OrderLimitRules = {
  minOrderValueCents: number;
  orderMinPriceCents: number;
  maxDistinctItems: number;
  maxItemsAmout: number;
};

/** A gift group: once the order's items reach `thresholdCents`, the shopper may choose gifts. */
export type GiftGroupRule = {
  id: string;
  thresholdCents: number;
  availableQuantity: number;
  /** Product ids of the catalogue offered as gifts, with their seller. */
  gifts: readonly { productId: string; seller: string }[];
};

/** A price table changes the unit price of every item by a percentage (negative = cheaper). */
export type PriceTableRule = { id: string; name: string; percent: number };

export type ShopRules = {
  limits: OrderLimitRules;
  giftGroups: readonly GiftGroupRule[];
  priceTables: readonly PriceTableRule[];
  checkout: CheckoutRules;
  payment: PaymentRules;
};

type ShopRow = { name: string; settings: string; rules: string; catalog_shop_id: string | null };

/** A shop's chat addresses (the chat app's extension, src/contract/chat-app.ts shopChatSchema). */
export type ShopChat = { whatsApp?: string; messenger?: string; instagram?: string; webChat?: string };

/** What a shop shows anyone (the chat app's extension): its slug, name, style and chat addresses. */
export type PublicShopRecord = {
  id: string;
  catalogShopId: string;
  slug: string;
  name: string;
  settings: Record<string, unknown>;
  chat: ShopChat | null;
};

type PublicShopRow = {
  id: string;
  name: string;
  settings: string;
  catalog_shop_id: string | null;
  slug: string;
  chat: string | null;
};

const toPublicShop = (row: PublicShopRow): PublicShopRecord => ({
  id: row.id,
  catalogShopId: row.catalog_shop_id ?? row.id,
  slug: row.slug,
  name: row.name,
  settings: JSON.parse(row.settings) as Record<string, unknown>,
  chat: row.chat === null ? null : (JSON.parse(row.chat) as ShopChat),
});

/** The shop whose share links carry `slug`; undefined for an unknown slug. */
export function findShopBySlug(db: SandboxDb, slug: string): PublicShopRecord | undefined {
  const row = db
    .prepare<[string], PublicShopRow>(
      'SELECT id, name, settings, catalog_shop_id, slug, chat FROM shops WHERE slug = ?',
    )
    .get(slug);
  return row ? toPublicShop(row) : undefined;
}

/** The shop's public side by id; undefined when unknown or without a slug. */
export function findPublicShop(db: SandboxDb, shopId: string): PublicShopRecord | undefined {
  const row = db
    .prepare<[string], PublicShopRow>(
      'SELECT id, name, settings, catalog_shop_id, slug, chat FROM shops WHERE id = ? AND slug IS NOT NULL',
    )
    .get(shopId);
  return row ? toPublicShop(row) : undefined;
}

function shopRow(db: SandboxDb, shopId: string): ShopRow | undefined {
  return db
    .prepare<[string], ShopRow>('SELECT name, settings, rules, catalog_shop_id FROM shops WHERE id = ?')
    .get(shopId);
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

export function findShopName(db: SandboxDb, shopId: string): string | undefined {
  return shopRow(db, shopId)?.name;
}

/** The shop whose catalogue (categories, products, collections) a shop sells: itself by default. */
export function catalogShopOf(db: SandboxDb, shopId: string): string {
  return shopRow(db, shopId)?.catalog_shop_id ?? shopId;
}

/** A shop's settings and rules together, for the routes that need both; undefined if unknown. */
export type Shop = {
  id: string;
  name: string;
  catalogShopId: string;
  settings: Record<string, unknown>;
  rules: ShopRules;
};

export function findShop(db: SandboxDb, shopId: string): Shop | undefined {
  const row = shopRow(db, shopId);
  if (!row) return undefined;
  return {
    id: shopId,
    name: row.name,
    catalogShopId: row.catalog_shop_id ?? shopId,
    settings: JSON.parse(row.settings) as Record<string, unknown>,
    rules: JSON.parse(row.rules) as ShopRules,
  };
}
