// GET /api/order/price-tables and POST /api/order/price-tables/{id} (companion spec, 'Loja' section):
// a price table reprices every item by its percentage. Choosing one is the operator's call; the id
// NO_PRICE_TABLE_ID ('Sem Tabela de preço') goes back to the shop's own prices.
import { NO_PRICE_TABLE_ID } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { notFound, SandboxHttpError } from '../http/envelope.ts';
import type { Shop } from '../shop/shops.ts';
import type { OrderContext } from './order-context.ts';
import { writeCheckout } from './order-state.ts';

export function listPriceTables(shop: Shop) {
  return shop.rules.priceTables.map((t) => ({ id: t.id, name: t.name }));
}

export function choosePriceTable(db: SandboxDb, context: OrderContext, id: string): void {
  if (!context.isPlatformUser) {
    throw new SandboxHttpError(403, 'Somente o atendente pode escolher a tabela de preço.', 'unauthorized');
  }
  if (id === NO_PRICE_TABLE_ID) {
    writeCheckout(db, context.order, ({ priceTableId: _old, ...rest }) => rest);
    return;
  }
  const table = context.shop.rules.priceTables.find((t) => t.id === id);
  if (!table) throw notFound('Tabela de preço não encontrada.');
  writeCheckout(db, context.order, (state) => ({ ...state, priceTableId: table.id }));
}
