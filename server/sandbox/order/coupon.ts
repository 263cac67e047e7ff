// POST /api/order/coupon/?coupon= and POST /api/order/discount?discount= (companion spec, sections
// 2 and 7): a coupon from the shop's table, or the operator's manual discount. A refused value leaves
// the order as it was; the SPA shows the message in its 'Cupom' dialog and clears the field.
import type { SandboxDb } from '../db/types.ts';
import { badRequest, SandboxHttpError } from '../http/envelope.ts';
import { formatBrl } from '../rules/brl.ts';
import { reaisToCents } from '../rules/money.ts';
import { findCoupon, normalizeCouponCode } from './coupon-store.ts';
import { computeOrderAmounts } from './order-amounts.ts';
import type { OrderContext } from './order-context.ts';
import { writeCheckout } from './order-state.ts';

function assertCouponsAllowed(context: OrderContext): void {
  if (context.shop.settings.canUseCoupon !== true) {
    throw new SandboxHttpError(403, 'Esta loja não aceita cupons de desconto.', 'unauthorized');
  }
}

/** 'O cupom FEIRA15 vale para pedidos com subtotal a partir de R$ 200,00.' */
export const couponMinimumMessage = (code: string, minItemsCents: number) =>
  `O cupom ${code} vale para pedidos com subtotal a partir de ${formatBrl(minItemsCents)}.`;

/** Applies a coupon; empty text removes the one applied. */
export function applyCoupon(db: SandboxDb, context: OrderContext, typed: string): void {
  assertCouponsAllowed(context);
  const code = normalizeCouponCode(typed);
  if (code === '') {
    writeCheckout(db, context.order, ({ coupon: _removed, ...rest }) => rest);
    return;
  }
  const coupon = findCoupon(db, context.shop.id, code);
  if (!coupon) throw badRequest(`O cupom ${code.slice(0, 40)} é inválido ou expirou.`);
  // The minimum counts what the summary's Subtotal row shows (itemsAmout: the items at their unit
  // prices, before promotions), and the message says so: the shopper compares it with that row.
  const amounts = computeOrderAmounts(db, context.order, context.shop);
  if (amounts.itemsCents < coupon.minItemsCents) {
    throw badRequest(couponMinimumMessage(coupon.code, coupon.minItemsCents));
  }
  writeCheckout(db, context.order, (state) => ({ ...state, coupon: coupon.code }));
}

/** The operator's manual discount, in reais; 0 removes it. */
export function applyManualDiscount(db: SandboxDb, context: OrderContext, reais: number): void {
  if (!context.isPlatformUser) {
    throw new SandboxHttpError(403, 'Somente o atendente pode dar desconto manual.', 'unauthorized');
  }
  assertCouponsAllowed(context);
  if (context.shop.settings.enableManualPrices !== true) {
    throw new SandboxHttpError(403, 'Esta loja não permite desconto manual.', 'unauthorized');
  }
  const cents = reaisToCents(reais);
  const amounts = computeOrderAmounts(db, context.order, context.shop);
  const room = amounts.itemsCents - amounts.promotionsCents - amounts.couponCents;
  if (cents > room) {
    throw badRequest(`O desconto não pode passar do valor dos itens (${formatBrl(room)}).`);
  }
  writeCheckout(db, context.order, ({ manualDiscountCents: _old, ...rest }) =>
    cents > 0 ? { ...rest, manualDiscountCents: cents } : rest,
  );
}
