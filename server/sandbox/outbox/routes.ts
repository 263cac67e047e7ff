// Sends to the chat contact (product, catalogue, order summary), mounted under /api/order/send, and
// the sandbox-only inspection of what was sent, mounted under /api/sandbox. Only the operator (a
// platform user) sends; each send is an outbox row with what the contact would receive.
import { type Response, Router } from 'express';
import { z } from 'zod/mini';
import { calls, SESSION_CODE_PATTERN } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { notFound, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { loadOrderContext, type OrderContext, requirePlatformUser } from '../order/order-context.ts';
import { findSession } from '../session/sessions.ts';
import { chatAppOn } from '../shop/chat-app-switch.ts';
import { addToOutbox, listOutbox, type OutboxEntry, type OutboxKind } from './outbox-store.ts';
import { catalogMessage } from './send-catalog.ts';
import { productMessage } from './send-product.ts';
import { orderSummaryMessage } from './send-summary.ts';

export const OPERATOR_ONLY = 'Somente o atendente pode enviar mensagens ao contato.';

export type SendRouteOptions = { now?: () => Date };

/** What a send answers: the message's id and kind, as the outbox lists it. */
const sent = (entry: OutboxEntry) => ({ id: entry.id, kind: entry.kind, createdAt: entry.createdAt });

export function sendRoutes(db: SandboxDb, options: SendRouteOptions = {}): Router {
  const now = options.now ?? (() => new Date());
  const router = Router();

  function send(
    res: Response,
    kind: OutboxKind,
    build: (context: OrderContext, at: Date) => Record<string, unknown>,
  ) {
    const entry = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requirePlatformUser(context, OPERATOR_ONLY);
      const at = now();
      return addToOutbox(db, context.session.code, kind, build(context, at), at);
    })();
    sendOk(res, sent(entry));
  }

  router.post('/product/:id', (req, res) => {
    const { id } = parseInput(calls.sendProduct.params, req.params, 'params');
    const body = parseInput(calls.sendProduct.body, req.body, 'body');
    const shareLinks = chatAppOn(res);
    send(res, 'product', (context, at) => productMessage(db, context, id, body, at, { shareLinks }));
  });

  router.get('/resume', (_req, res) => {
    send(res, 'order-summary', (context, at) => orderSummaryMessage(db, context, at));
  });

  router.get('/catalog', (req, res) => {
    const query = parseInput(calls.sendCatalog.query, req.query, 'query');
    send(res, 'catalog', (context, at) => catalogMessage(db, context, query, at));
  });

  return router;
}

const inspectionQuerySchema = z.strictObject({
  session: z.string().check(z.regex(SESSION_CODE_PATTERN)),
});

/** GET /api/sandbox/outbox?session=<code>: sandbox-only inspection of what a session sent. */
export function outboxInspectionRoutes(db: SandboxDb): Router {
  const router = Router();
  router.get('/outbox', (req, res) => {
    const { session } = parseInput(inspectionQuerySchema, req.query, 'query', { session: 'Sessão' });
    if (!findSession(db, session)) throw notFound('Sessão não encontrada.');
    sendOk(res, listOutbox(db, session));
  });
  return router;
}
