// The seeded shop's order offers: coupons (table coupons), gift groups and price tables (shop rules).
import type { Database } from 'better-sqlite3';
import type { GiftGroupRule, PriceTableRule } from '../shop/shops.ts';

export const SEEDED_COUPONS = [
  // 10 % off the items, for a first order (the README's example).
  { code: 'BEMVINDO10', kind: 'percent', valuePercent: 10, minItemsCents: 0, isActive: true },
  { code: 'FRETEGRATIS', kind: 'free-delivery', valuePercent: null, minItemsCents: 0, isActive: true },
  // 15 % off orders from R$ 200,00.
  { code: 'FEIRA15', kind: 'percent', valuePercent: 15, minItemsCents: 20000, isActive: true },
  // An expired campaign: refused like an unknown code.
  { code: 'NATAL2024', kind: 'percent', valuePercent: 20, minItemsCents: 0, isActive: false },
] as const;

/** Orders from R$ 100,00 (items after promotions) choose one gift. */
export const SEEDED_GIFT_GROUPS: readonly GiftGroupRule[] = [
  {
    id: 'brinde-100',
    thresholdCents: 10000,
    availableQuantity: 1,
    gifts: [
      { productId: '7004', seller: 'emporio-bom-preco' },
      { productId: '8001', seller: 'emporio-bom-preco' },
    ],
  },
];

export const SEEDED_PRICE_TABLES: readonly PriceTableRule[] = [
  { id: 'atacado', name: 'Atacado (5% de desconto)', percent: -5 },
  { id: 'funcionarios', name: 'Funcionários (10% de desconto)', percent: -10 },
];

export function seedCoupons(db: Database, shopId: string): void {
  const insert = db.prepare(
    `INSERT INTO coupons (shop_id, code, kind, value_percent, min_items_cents, is_active)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  for (const c of SEEDED_COUPONS) {
    insert.run(shopId, c.code, c.kind, c.valuePercent, c.minItemsCents, c.isActive ? 1 : 0);
  }
}
