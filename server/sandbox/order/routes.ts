// The order calls of the cart (shopper spec, section 7) and the order-level choices of the checkout
// (coupon, manual discount, price tables). Each change runs in one transaction and answers the order
// as stored afterwards; a refused change leaves it untouched (the transaction rolls back).
import { Router } from 'express';
import { calls } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { applyCoupon, applyManualDiscount } from './coupon.ts';
import { selectGifts } from './gifts.ts';
import { updateOrderItem } from './items.ts';
import { loadOrderContext, orderAnswer, requireOpenOrder } from './order-context.ts';
import { choosePriceTable, listPriceTables } from './price-tables.ts';

export function orderRoutes(db: SandboxDb): Router {
  const router = Router();

  router.get('/current', (_req, res) => {
    const answer = db.transaction(() => orderAnswer(db, loadOrderContext(db, res)))();
    sendOk(res, answer);
  });

  router.post('/items', (req, res) => {
    const update = parseInput(calls.updateOrderItem.body, req.body, 'body');
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      const order = updateOrderItem(db, context, update);
      return orderAnswer(db, { shop: context.shop, order });
    })();
    sendOk(res, answer);
  });

  router.post('/gift', (req, res) => {
    const selection = parseInput(calls.updateGifts.body, req.body, 'body');
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requireOpenOrder(context.order);
      selectGifts(db, context, selection);
      return orderAnswer(db, context);
    })();
    sendOk(res, answer);
  });

  router.post('/coupon', (req, res) => {
    const { coupon } = parseInput(calls.applyCoupon.query, req.query, 'query');
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requireOpenOrder(context.order);
      applyCoupon(db, context, coupon);
      return orderAnswer(db, context);
    })();
    sendOk(res, answer);
  });

  router.post('/discount', (req, res) => {
    const { discount } = parseInput(calls.applyDiscount.query, req.query, 'query');
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requireOpenOrder(context.order);
      applyManualDiscount(db, context, discount);
      return orderAnswer(db, context);
    })();
    sendOk(res, answer);
  });

  router.get('/price-tables', (_req, res) => {
    sendOk(res, listPriceTables(loadOrderContext(db, res).shop));
  });

  router.post('/price-tables/:id', (req, res) => {
    const { id } = parseInput(calls.setPriceTable.params, req.params, 'params');
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requireOpenOrder(context.order);
      choosePriceTable(db, context, id);
      return orderAnswer(db, context);
    })();
    sendOk(res, answer);
  });

  return router;
}
