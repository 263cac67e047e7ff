// Discount coupons of a shop (table coupons). Codes are compared trimmed and upper-cased, so
// ' bemvindo10 ' is BEMVINDO10.
import type { SandboxDb } from '../db/types.ts';

export type Coupon = {
  code: string;
  kind: 'percent' | 'free-delivery';
  valuePercent: number | null;
  minItemsCents: number;
};

export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

export function findCoupon(db: SandboxDb, shopId: string, code: string): Coupon | undefined {
  const row = db
    .prepare<
      [string, string],
      { code: string; kind: Coupon['kind']; value_percent: number | null; min_items_cents: number }
    >(
      `SELECT code, kind, value_percent, min_items_cents FROM coupons
       WHERE shop_id = ? AND code = ? AND is_active = 1`,
    )
    .get(shopId, normalizeCouponCode(code));
  return row
    ? { code: row.code, kind: row.kind, valuePercent: row.value_percent, minItemsCents: row.min_items_cents }
    : undefined;
}
