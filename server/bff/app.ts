import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { CallResponse } from './call-response.ts';
import { TRUSTED_PROXIES } from './client-address.ts';
import type { BffConfig } from './config.ts';
import { sendError } from './errors.ts';
import { allowTrayFraming, describeIgnoredOrigin, parseTrayAdminOrigins, refuseFraming } from './framing.ts';
import { createHttpLogger } from './logger.ts';
import { proxiedCalls } from './proxied-calls.ts';
import { createUpstream } from './proxy.ts';
import { rateLimits } from './rate-limits.ts';
import { apiAnswerHeaders, securityHeaders } from './security-headers.ts';
import { sessionCallGoesOn, sessionCodeFrom } from './session.ts';
import { sessionRoutes } from './session-routes.ts';
import { staticFrontend } from './static.ts';
import { TRAY_AUTHORIZE_PATH, trayAuthorizeRoute } from './tray-authorize.ts';

/**
 * Pages of the SPA that live under /tray (framed by the Tray admin, so they alone allow the
 * configured admin origins as frame ancestors: framing.ts); the rest of /tray is the API.
 */
export const TRAY_PAGES = ['/tray/register', '/tray/register/callback'];

export type Frontend =
  | { kind: 'static' }
  /** Development: Vite's middlewares serve the SPA with hot reload; `sendIndex` renders index.html. */
  | { kind: 'middleware'; handler: RequestHandler; sendIndex: RequestHandler }
  | { kind: 'none' };

export type BffApp = {
  app: express.Express;
  /** The server's request listener: the plain forwarded calls (proxied-calls.ts), else Express. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** Readiness turns to 503 at once (load balancers stop sending), in-flight calls go on. */
  drain(): void;
  close(): Promise<void>;
};

export function createApp(config: BffConfig, options: { logger: Logger; frontend?: Frontend }): BffApp {
  const { logger } = options;
  const frontend = options.frontend ?? { kind: 'static' };
  const upstream = createUpstream(config);
  let draining = false;

  const trayAdmin = parseTrayAdminOrigins(config.tray.adminOrigins);
  if (trayAdmin.ignored.length > 0) {
    logger.warn(
      { ignored: trayAdmin.ignored.map(describeIgnoredOrigin) },
      'TRAY_ADMIN_ORIGINS: ignored entries that are not https origins or https wildcard hosts',
    );
  }
  if (trayAdmin.allowed.length === 0 && config.tray.consumerKey) {
    logger.warn('No valid TRAY_ADMIN_ORIGINS: the Tray admin cannot show the Tray pages in its frame');
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', TRUSTED_PROXIES);
  app.set('etag', false);
  const devServer = frontend.kind === 'middleware';
  app.use(securityHeaders({ devServer }));
  app.use(refuseFraming);

  // Health checks answer without calling upstream: the BFF's own liveness and readiness.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    res
      .status(draining ? 503 : 200)
      .set('Cache-Control', 'no-store')
      .json({ status: draining ? 'draining' : 'ready' });
  });

  const httpLogger = createHttpLogger(logger);
  app.use(httpLogger.handler);

  // Abusable calls (card payment, coupon, session open, Tray link) are limited before anything else.
  app.use(rateLimits(config));
  app.use(sessionRoutes(config, upstream));
  app.use('/api', (req, res) =>
    sessionCallGoesOn(req, res, config.cookieSecure)
      ? upstream.forward(req, res, { url: req.originalUrl, clientIp: req.ip, bearer: sessionCodeFrom(req) })
      : undefined,
  );

  let sendIndex: RequestHandler | undefined;
  let assets: RequestHandler | undefined;
  if (frontend.kind === 'static') {
    const built = staticFrontend(config.staticDir);
    sendIndex = built.sendIndex;
    assets = built.router;
  } else if (frontend.kind === 'middleware') {
    sendIndex = frontend.sendIndex;
    assets = frontend.handler;
  }

  if (sendIndex) app.get(TRAY_PAGES, allowTrayFraming(trayAdmin.allowed), sendIndex);
  app.use(trayAuthorizeRoute(config));
  // The Tray calls carry no shopper session: the store admin is not a chat contact.
  app.use('/tray', (req, res) => upstream.forward(req, res, { url: req.originalUrl, clientIp: req.ip }));

  if (assets && sendIndex) {
    app.use(assets);
    // Every other GET is a page of the SPA; its router shows 'Página não encontrada' itself.
    app.get('/{*splat}', sendIndex);
  }
  app.use((_req, res) => sendError(res, 'not_found'));

  /** A call that failed where no code expected it: logged (type and message only), then answered. */
  function failed(req: IncomingMessage, res: CallResponse, error: unknown) {
    const status = (error as { status?: number } | null)?.status;
    if (status === 404) {
      sendError(res, 'not_found');
      return;
    }
    httpLogger.failed(req, res, { type: (error as Error).name, message: (error as Error).message });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendError(res, status && status >= 400 && status < 500 ? 'bad_request' : 'internal');
  }
  const onError: ErrorRequestHandler = (error, req, res, _next) => failed(req, res, error);
  app.use(onError);

  const proxied = proxiedCalls({
    upstream,
    httpLogger,
    answerHeaders: apiAnswerHeaders({ devServer }),
    expressPaths: [...TRAY_PAGES, TRAY_AUTHORIZE_PATH],
    cookieSecure: config.cookieSecure,
    failed,
  });

  return {
    app,
    handler: (req, res) => {
      if (!proxied(req, res)) app(req, res);
    },
    drain: () => {
      draining = true;
    },
    close: () => upstream.close(),
  };
}
