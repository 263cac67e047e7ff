// Gifts (shopper spec, sections 3 and 4): once the order's items reach a gift group's threshold, the
// shopper may choose up to availableQuantity gifts of the group; chosen gifts are order lines with
// isGift, no price and no way to remove them but choosing again. When the order falls below the
// threshold again, its gifts go away.
import type { GiftSelection } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { badRequest, notFound } from '../http/envelope.ts';
import { formatBrl } from '../rules/brl.ts';
import type { GiftGroupRule, Shop } from '../shop/shops.ts';
import { computeOrderAmounts } from './order-amounts.ts';
import type { OrderContext } from './order-context.ts';
import type { OrderRow } from './orders.ts';

type Scope = { shop: Shop; order: OrderRow };

/** The items' value that counts for gifts: after promotions, before coupon and delivery. */
function giftBase(db: SandboxDb, scope: Scope): number {
  const amounts = computeOrderAmounts(db, scope.order, scope.shop);
  return amounts.itemsCents - amounts.promotionsCents;
}

const qualifies = (group: GiftGroupRule, baseCents: number) => baseCents >= group.thresholdCents;

/** Drops gifts of groups the order no longer reaches, or of groups the shop no longer has. */
export function reconcileGifts(db: SandboxDb, scope: Scope): void {
  const base = giftBase(db, scope);
  const rows = db
    .prepare<[number], { idx: number; gift_group_id: string | null }>(
      'SELECT idx, gift_group_id FROM order_items WHERE order_id = ? AND is_gift = 1',
    )
    .all(scope.order.id);
  const remove = db.prepare('DELETE FROM order_items WHERE order_id = ? AND idx = ?');
  for (const row of rows) {
    const group = scope.shop.rules.giftGroups.find((g) => g.id === row.gift_group_id);
    if (!group || !qualifies(group, base)) remove.run(scope.order.id, row.idx);
  }
}

/** POST /api/order/gift/: replaces the chosen gifts of one group (an empty list clears them). */
export function selectGifts(db: SandboxDb, context: OrderContext, selection: GiftSelection): void {
  const group = context.shop.rules.giftGroups.find((g) => g.id === selection.id);
  if (!group) throw notFound('Grupo de brindes não encontrado.');
  if (!qualifies(group, giftBase(db, context))) {
    throw badRequest(
      `Os brindes ficam disponíveis para pedidos a partir de ${formatBrl(group.thresholdCents)}.`,
    );
  }
  const ids = selection.selectedGifts.map((g) => g.id);
  if (new Set(ids).size !== ids.length) throw badRequest('Cada brinde pode ser escolhido uma vez.');
  if (ids.length > group.availableQuantity) {
    throw badRequest(
      group.availableQuantity === 1
        ? 'Você pode escolher apenas 1 brinde.'
        : `Você pode escolher até ${group.availableQuantity} brindes.`,
    );
  }
  const gifts = ids.map((id) => {
    const gift = group.gifts.find((g) => g.productId === id);
    if (!gift) throw badRequest('Este brinde não faz parte do grupo escolhido.');
    return gift;
  });

  db.prepare('DELETE FROM order_items WHERE order_id = ? AND is_gift = 1 AND gift_group_id = ?').run(
    context.order.id,
    group.id,
  );
  const next = db
    .prepare<[number], { next: number }>(
      'SELECT COALESCE(MAX(idx) + 1, 0) AS next FROM order_items WHERE order_id = ?',
    )
    .get(context.order.id);
  let idx = next?.next ?? 0;
  const product = db.prepare<[string, string], { price_cents: number }>(
    'SELECT price_cents FROM products WHERE shop_id = ? AND id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO order_items (order_id, idx, product_id, sku, quantity, unit_price_cents, is_gift, gift_group_id,
       seller_id) VALUES (?, ?, ?, ?, 1, ?, 1, ?, ?)`,
  );
  for (const gift of gifts) {
    const row = product.get(context.shop.catalogShopId, gift.productId);
    if (!row) throw notFound('Brinde não encontrado no catálogo.');
    insert.run(
      context.order.id,
      idx++,
      gift.productId,
      gift.productId,
      row.price_cents,
      group.id,
      gift.seller,
    );
  }
}
