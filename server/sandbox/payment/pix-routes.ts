// The Pix charge's calls (src/contract/calls/pix.ts), mounted under /api/order, and the sandbox-only
// calls standing for the provider, mounted under /api/sandbox:
//   GET  /api/order/pix/charge          the current charge (read past its deadline, it is expired)
//   POST /api/order/pix/charge          'Gerar novo Pix': a new charge once the last one expired
//   POST /api/order/pix/charge/send     'Enviar código Pix' (the operator): the code to the chat
//   POST /api/sandbox/pix/paid          the provider's 'paid' notification, { txid } or { session }
//   POST /api/sandbox/pix/expire        the charge's deadline now, { txid } or { session } (tests)
// Without the extension (SANDBOX_PIX_CHARGES=off, or a shop whose rules have none) the order's calls
// answer the unknown path's 404, as a backend that never had them.
import { type Response, Router } from 'express';
import { z } from 'zod/mini';
import { calls, OrderState, SESSION_CODE_PATTERN } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { notFound, SandboxHttpError, sendOk } from '../http/envelope.ts';
import { answerUnknownPath } from '../http/errors.ts';
import { parseInput } from '../http/input.ts';
import {
  loadOrderContext,
  type OrderContext,
  orderAmounts,
  requirePlatformUser,
} from '../order/order-context.ts';
import { findCurrentOrder } from '../order/orders.ts';
import { OPERATOR_ONLY } from '../outbox/routes.ts';
import { findSession } from '../session/sessions.ts';
import {
  chargeByTxid,
  chargeRuleOf,
  chargeStatusAt,
  chargeToWire,
  createCharge,
  currentCharge,
  expireChargeNow,
  markChargePaid,
  PIX_MESSAGES,
  type PixChargeRow,
  sendChargeToChat,
  settleExpiry,
} from './pix-charges.ts';

const MOUNT = '/api/order';
const orderPath = (path: string) => path.slice(MOUNT.length);

const conflict = (message: string) => new SandboxHttpError(409, message, 'validation');

/** Thrown when the extension is off for the call: the route answers as an unknown path. */
class NoExtension extends Error {
  override name = 'NoExtension';
}

/** The order's current charge (its expiry written if due), or a 404 when it has none. */
function requireCharge(db: SandboxDb, context: OrderContext, now: Date): PixChargeRow {
  if (!chargeRuleOf(context)) throw new NoExtension();
  const charge = currentCharge(db, context.order.id);
  if (!charge) throw notFound(PIX_MESSAGES.noCharge);
  return settleExpiry(db, charge, now);
}

/** Runs a call of the extension; without it, the unknown path's 404. */
function withExtension(res: Response, next: () => void, work: () => void): void {
  try {
    work();
  } catch (error) {
    if (error instanceof NoExtension) answerUnknownPath(res.req, res, next);
    else throw error;
  }
}

export function pixChargeRoutes(db: SandboxDb, now: () => Date = () => new Date()): Router {
  const router = Router();

  router.get(orderPath(calls.getPixCharge.path), (_req, res, next) => {
    withExtension(res, next, () => {
      const at = now();
      const charge = db.transaction(() => requireCharge(db, loadOrderContext(db, res), at))();
      sendOk(res, chargeToWire(charge, at));
    });
  });

  router.post(orderPath(calls.renewPixCharge.path), (_req, res, next) => {
    withExtension(res, next, () => {
      const at = now();
      const charge = db.transaction(() => {
        const context = loadOrderContext(db, res);
        const last = requireCharge(db, context, at);
        if (last.status === 'pending') throw conflict(PIX_MESSAGES.stillPayable);
        if (last.status === 'paid') throw conflict(PIX_MESSAGES.alreadyPaid);
        if (last.status === 'canceled' || context.order.status === OrderState.Canceled) {
          throw conflict(PIX_MESSAGES.canceled);
        }
        const rule = chargeRuleOf(context);
        if (!rule) throw new NoExtension();
        // The order is locked since it was confirmed: its total is the one the last code charged.
        const { totalCents } = orderAmounts(db, context);
        return createCharge(db, {
          order: context.order,
          shop: context.shop,
          rule,
          amountCents: totalCents,
          now: at,
        });
      })();
      sendOk(res, chargeToWire(charge, at));
    });
  });

  router.post(orderPath(calls.sendPixCharge.path), (_req, res, next) => {
    withExtension(res, next, () => {
      const at = now();
      const entry = db.transaction(() => {
        const context = loadOrderContext(db, res);
        const charge = requireCharge(db, context, at);
        requirePlatformUser(context, OPERATOR_ONLY);
        if (charge.status !== 'pending') throw conflict(PIX_MESSAGES.notPending);
        return sendChargeToChat(
          db,
          context.session,
          charge,
          { id: context.order.id, shopName: context.shop.name },
          at,
        );
      })();
      sendOk(res, { id: entry.id, kind: entry.kind, createdAt: entry.createdAt });
    });
  });

  return router;
}

/** Which charge a sandbox call is about: its txid, or the session's current order's current charge. */
const providerBodySchema = z.union([
  z.strictObject({ txid: z.string().check(z.regex(/^[A-Za-z0-9]{1,35}$/)) }),
  z.strictObject({ session: z.string().check(z.regex(SESSION_CODE_PATTERN)) }),
]);

function chargeOf(db: SandboxDb, body: unknown): PixChargeRow {
  const which = parseInput(providerBodySchema, body, 'body', { txid: 'txid', session: 'Sessão' });
  if ('txid' in which) {
    const charge = chargeByTxid(db, which.txid);
    if (!charge) throw notFound(PIX_MESSAGES.notFound);
    return charge;
  }
  if (!findSession(db, which.session)) throw notFound('Sessão não encontrada.');
  const order = findCurrentOrder(db, which.session);
  const charge = order ? currentCharge(db, order.id) : undefined;
  if (!charge) throw notFound(PIX_MESSAGES.noCharge);
  return charge;
}

/**
 * The provider's side (sandbox only; the BFF lets them through only with SANDBOX_ROUTES): the 'paid'
 * notification a real provider sends the backend once the shopper's bank settled the code, and the
 * end of a code's deadline now, so a test reaches 'expired' without waiting.
 */
export function pixProviderRoutes(db: SandboxDb, now: () => Date = () => new Date()): Router {
  const router = Router();
  router.post('/pix/paid', (req, res) => {
    const at = now();
    const charge = db.transaction(() => markChargePaid(db, chargeOf(db, req.body), at))();
    sendOk(res, chargeToWire(charge, at));
  });
  router.post('/pix/expire', (req, res) => {
    const at = now();
    const charge = db.transaction(() => {
      const found = chargeOf(db, req.body);
      if (chargeStatusAt(found, at) === 'paid') throw conflict(PIX_MESSAGES.alreadyPaid);
      return expireChargeNow(db, found, at);
    })();
    sendOk(res, chargeToWire(charge, at));
  });
  return router;
}
