// GET /api/order/current: the session's current order, created empty on first ask.
// Issue 3 adds item, gift, checkout and payment calls here, each answering the order the same way.
import { Router } from 'express';
import type { SandboxDb } from '../db/open.ts';
import { currentShopSession } from '../http/auth.ts';
import { notFound, sendOk } from '../http/envelope.ts';
import { getOrCreateCurrentOrder, orderToWire } from '../store/orders.ts';
import { findShopRules } from '../store/shops.ts';

export function orderRoutes(db: SandboxDb): Router {
  const router = Router();

  router.get('/current', (_req, res) => {
    const session = currentShopSession(res);
    const rules = findShopRules(db, session.shopId);
    if (!rules) throw notFound('Loja não encontrada.');
    const order = db.transaction(() => getOrCreateCurrentOrder(db, session))();
    sendOk(res, orderToWire(db, order, rules));
  });

  return router;
}
