// POST /api/sandbox/payments/expire { session }: closes the payment window of the session's current
// order now, as if its 30 minutes had passed (sandbox only, like /sandbox/sessions: the BFF lets it
// through only with SANDBOX_ROUTES). End-to-end tests reach the Expired state this way instead of
// waiting half an hour; the order then reads and behaves exactly as a payment that ran out of time.
import { Router } from 'express';
import { z } from 'zod/mini';
import { PaymentStatus, SESSION_CODE_PATTERN } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { notFound, SandboxHttpError, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { readCheckout, writeCheckout } from '../order/order-state.ts';
import { findCurrentOrder } from '../order/orders.ts';
import { findSession } from '../session/sessions.ts';

const expireBodySchema = z.strictObject({ session: z.string().check(z.regex(SESSION_CODE_PATTERN)) });

const conflict = (message: string) => new SandboxHttpError(409, message, 'validation');

export function expirePaymentRoutes(db: SandboxDb, now: () => Date = () => new Date()): Router {
  const router = Router();
  router.post('/payments/expire', (req, res) => {
    const { session } = parseInput(expireBodySchema, req.body, 'body', { session: 'Sessão' });
    const answer = db.transaction(() => {
      if (!findSession(db, session)) throw notFound('Sessão não encontrada.');
      const order = findCurrentOrder(db, session);
      const payment = order ? readCheckout(order).payment : undefined;
      if (!order || !payment) throw conflict('Este pedido ainda não tem um pagamento em andamento.');
      if (payment.status !== PaymentStatus.Waiting && payment.status !== PaymentStatus.Failed) {
        throw conflict('Só um pagamento em andamento pode expirar.');
      }
      const at = now();
      // The window's end moves to now; the payment's status is left to the rules that read it.
      writeCheckout(
        db,
        order,
        (state) => ({ ...state, payment: { ...payment, expiresAt: at.toISOString() } }),
        () => at,
      );
      return { status: PaymentStatus.Expired };
    })();
    sendOk(res, answer);
  });
  return router;
}
