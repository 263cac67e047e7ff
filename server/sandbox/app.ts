// The sandbox commerce backend as an Express app, without listen (index.ts listens; tests use port 0).
// It answers the same paths and shapes as the real commerce backend, always in the envelope.

import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { catalogRoutes } from './catalog/routes.ts';
import type { Clock } from './checkout/route-kit.ts';
import { checkoutRoutes, customerRoutes } from './checkout/routes.ts';
import type { SandboxDb } from './db/types.ts';
import { requireSession } from './http/auth.ts';
import { requireJsonBody, strictCallShapes } from './http/body-rules.ts';
import { answerErrors, answerUnknownPath } from './http/errors.ts';
import { mediaRoutes } from './media/routes.ts';
import { orderRoutes } from './order/routes.ts';
import { outboxInspectionRoutes, sendRoutes } from './outbox/routes.ts';
import { boletoPdfRoutes } from './payment/boleto-routes.ts';
import { expirePaymentRoutes } from './payment/expire-payment.ts';
import { pixChargeRoutes, pixProviderRoutes } from './payment/pix-routes.ts';
import { pixChargesSwitch } from './payment/pix-switch.ts';
import { paymentRoutes } from './payment/routes.ts';
import { sessionRoutes } from './session/routes.ts';
import { sessionCopyRoutes } from './session/session-copies.ts';
import { sessionTransferRoutes } from './session/transfers.ts';
import { chatAppExtensionOn, chatAppSwitch } from './shop/chat-app-switch.ts';
import { publicProductRoutes, shopPublicProfileRoutes } from './shop/public-routes.ts';
import { shopRoutes } from './shop/routes.ts';
import { trayRoutes } from './tray/routes.ts';

export type SandboxAppOptions = {
  db: SandboxDb;
  /** Receives unexpected errors only; requests are not logged (their paths may hold a session code). */
  logger?: Logger;
  /**
   * The clock of the checkout and customer calls (the schedule's days and cut-offs); the tests pass a
   * fixed one so the schedule is the same whatever the date of the run. The other calls read the time.
   */
  now?: Clock;
  /**
   * The Pix charge extension (decision 0023), on unless false: false is a backend WITHOUT it
   * (SANDBOX_PIX_CHARGES=off): no charge on the order, its calls 404, confirming with Pix as before.
   */
  pixCharges?: boolean;
  /**
   * The chat app's extensions (decision 0024), by default as SANDBOX_CHAT_APP says: false is a backend
   * WITHOUT them (the public profile and the public product read 404, 'Enviar detalhes do produto' as
   * the spec's).
   */
  chatApp?: boolean;
};

/** Largest JSON body accepted; the biggest real payload (card payment, customer) is far below it. */
const JSON_BODY_LIMIT = '64kb';

// Session data must never sit in a shared cache; media overrides this with its own header.
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export function createSandboxApp({
  db,
  logger,
  now,
  pixCharges = true,
  chatApp = chatAppExtensionOn(),
}: SandboxAppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Express' default ETag would let a client revalidate an order snapshot; the answers are tiny.
  app.set('etag', false);

  // Parse JSON bodies up front so a malformed one is a 400 envelope whatever the route.
  app.use(requireJsonBody);
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(strictCallShapes());
  app.use(pixChargesSwitch(pixCharges));
  app.use(chatAppSwitch(chatApp));

  const api = express.Router();
  api.use(noStore);
  // Public calls: the media an <img> loads, and the session call whose path carries the code.
  api.use(mediaRoutes());
  api.use(sessionRoutes(db));
  // The chat app's public read of a product by shop: no session, never a bearer read.
  if (chatApp) api.use('/public', publicProductRoutes(db));
  // 'Abrir no navegador': the session transfer (its mint takes the bearer; the redemption, the BFF's
  // own call, takes the token).
  if (chatApp) api.use(sessionTransferRoutes(db));
  // Sandbox-only calls (no commerce backend has them): what was sent to chat contacts, fresh copies
  // of the demo sessions, the end of a payment's window for tests, and the Pix provider's notices.
  api.use('/sandbox', outboxInspectionRoutes(db));
  api.use('/sandbox', sessionCopyRoutes(db));
  api.use('/sandbox', expirePaymentRoutes(db));
  // The Pix provider's side: its 'paid' notification, and a code's deadline now.
  if (pixCharges) api.use('/sandbox', pixProviderRoutes(db));
  // The boleto's PDF at the public address the provider gives (the same extension).
  if (pixCharges) api.use('/sandbox', boletoPdfRoutes(db));
  // Session-scoped calls: `Authorization: Bearer <code>` of a known session.
  const authenticated = requireSession(db);
  if (chatApp) api.use('/shop', authenticated, shopPublicProfileRoutes(db));
  api.use('/shop', authenticated, shopRoutes(db));
  api.use('/catalog', authenticated, catalogRoutes(db));
  api.use('/order/send', authenticated, sendRoutes(db));
  api.use('/order', authenticated, paymentRoutes(db));
  if (pixCharges) api.use('/order', authenticated, pixChargeRoutes(db));
  api.use('/order', authenticated, orderRoutes(db));
  api.use('/order', authenticated, checkoutRoutes(db, { now }));
  api.use('/customer', authenticated, customerRoutes(db, { now }));
  app.use('/api', api);
  // The store-platform link is public (the Tray admin has no chat session).
  app.use('/tray', noStore, trayRoutes(db));

  app.use(answerUnknownPath);
  app.use(answerErrors(logger));
  return app;
}
