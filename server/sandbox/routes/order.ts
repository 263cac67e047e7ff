// GET /api/order/current: the session's current order, created empty on first ask.
import { Router } from 'express';
import type { SandboxDb } from '../db/open.ts';
import { sendOk } from '../http/envelope.ts';
import { loadOrderContext, orderAnswer } from '../store/order-context.ts';

export function orderRoutes(db: SandboxDb): Router {
  const router = Router();

  router.get('/current', (_req, res) => {
    const answer = db.transaction(() => orderAnswer(db, loadOrderContext(db, res)))();
    sendOk(res, answer);
  });

  return router;
}
