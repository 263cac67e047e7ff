// Payment calls of the companion spec (section 7), mounted under /api/order:
//   GET  /payment/credit               card options (providers and installment plans)
//   POST /payment/credit/installments  choose provider and installments → the order
//   POST /payment/credit               pay on the card page → the card finish result
//   GET  /payment/update               give up the payment to choose another method
//   POST /payment/mercadoPago          pay with the Mercado Pago card brick → the card finish result
// Declined payments answer 402 with the finish result's data (payment-answer.ts). Request bodies are
// never logged: they carry card numbers and security codes.
import { Router } from 'express';
import { calls } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { sendError, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { loadOrderContext, orderAnswer } from '../order/order-context.ts';
import { cardOptions } from './card-options.ts';
import { payWithCard } from './card-payment.ts';
import { changePaymentMethod } from './change-method.ts';
import { chooseInstallments } from './choose-installments.ts';
import { payWithMercadoPago } from './mercado-pago.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import { requireCreditEnabled, requireItems } from './order-checks.ts';
import { EXPIRED_STATUS, sendOutcome } from './payment-answer.ts';

export type PaymentRouteOptions = {
  /** The clock payment windows and card expiry are checked against (tests move it). */
  now?: () => Date;
};

export function paymentRoutes(db: SandboxDb, options: PaymentRouteOptions = {}): Router {
  const now = options.now ?? (() => new Date());
  const router = Router();

  router.get('/payment/credit', (_req, res) => {
    const offered = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requireCreditEnabled(context);
      return cardOptions(context.shop.rules.payment, requireItems(db, context));
    })();
    sendOk(res, offered);
  });

  router.post('/payment/credit/installments', (req, res) => {
    const body = parseInput(calls.setInstallments.body, req.body, 'body');
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      const result = chooseInstallments(db, context, body, now());
      return result === 'expired' ? null : orderAnswer(db, context);
    })();
    if (answer === null) sendError(res, EXPIRED_STATUS, PAYMENT_MESSAGES.expired, 'validation');
    else sendOk(res, answer);
  });

  router.post('/payment/credit', (req, res) => {
    const payload = parseInput(calls.payWithCard.body, req.body, 'body');
    const outcome = db.transaction(() => payWithCard(db, loadOrderContext(db, res), payload, now()))();
    sendOutcome(res, outcome);
  });

  router.get('/payment/update', (_req, res) => {
    const answer = db.transaction(() => changePaymentMethod(db, loadOrderContext(db, res), now()))();
    sendOk(res, answer);
  });

  router.post('/payment/mercadoPago', (req, res) => {
    const payment = parseInput(calls.payWithMercadoPago.body, req.body, 'body');
    const outcome = db.transaction(() => payWithMercadoPago(db, loadOrderContext(db, res), payment, now()))();
    sendOutcome(res, outcome);
  });

  return router;
}
