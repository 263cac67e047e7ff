// GET /api/order/send/resume: the operator sends the order's summary to the contact: every item with
// its quantity and line total, the amounts and the total, and a link to the contact's cart.
import type { SandboxDb } from '../db/types.ts';
import { badRequest } from '../http/envelope.ts';
import { type OrderContext, orderAmounts } from '../order/order-context.ts';
import { formatBrl } from '../rules/brl.ts';
import { centsToReais } from '../rules/money.ts';
import { contactSessionCode, storefrontLink } from './contact-links.ts';

export function orderSummaryMessage(
  db: SandboxDb,
  context: OrderContext,
  now: Date,
): Record<string, unknown> {
  const amounts = orderAmounts(db, context);
  if (!amounts.items.some((item) => item.is_gift === 0)) throw badRequest('O pedido não tem itens.');
  const items = amounts.items.map((item, n) => {
    const totalCents = amounts.lineTotalsCents[n] ?? 0;
    const isGift = item.is_gift === 1;
    return {
      providerId: item.product_id,
      name: item.name,
      quantity: item.quantity,
      isGift,
      totalAmout: centsToReais(totalCents),
      totalText: isGift ? 'Brinde' : formatBrl(totalCents),
    };
  });
  const link = storefrontLink('/order', contactSessionCode(db, context.session, now));
  const lines = [
    `*Resumo do pedido nº ${context.order.id}*`,
    ...items.map((i) => `${i.quantity}x ${i.name}: ${i.totalText}`),
    `Subtotal: ${formatBrl(amounts.itemsCents)}`,
    ...(amounts.discountCents > 0 ? [`Descontos: -${formatBrl(amounts.discountCents)}`] : []),
    ...(amounts.deliveryCents > 0 ? [`Entrega: ${formatBrl(amounts.deliveryCents)}`] : []),
    ...(amounts.serviceTaxCents > 0 ? [`Taxa de serviço: ${formatBrl(amounts.serviceTaxCents)}`] : []),
    `*Total: ${formatBrl(amounts.totalCents)}*`,
    link,
  ];
  return {
    orderId: String(context.order.id),
    items,
    itemsAmout: centsToReais(amounts.itemsCents),
    discountAmout: centsToReais(amounts.discountCents),
    deliveryAmout: centsToReais(amounts.deliveryCents),
    totalAmout: centsToReais(amounts.totalCents),
    totalText: formatBrl(amounts.totalCents),
    link,
    text: lines.join('\n'),
  };
}
