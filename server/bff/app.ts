import { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import proxyAddr from 'proxy-addr';
import { paymentPagesCsp } from './call-policy.ts';
import { callTable, PUBLIC_PRODUCT_ROUTE } from './call-table.ts';
import { expressTrustProxy } from './client-address.ts';
import type { BffConfig } from './config.ts';
import { dispatcher } from './dispatch.ts';
import { sendError } from './errors.ts';
import { describeIgnoredOrigin, parseTrayAdminOrigins } from './framing.ts';
import { httpLogger, LoggedError } from './logger.ts';
import { type BffMetrics, createMetrics } from './metrics.ts';
import { metricsRoute } from './metrics-route.ts';
import { createOverloadGuard } from './overload-guard.ts';
import { createUpstream } from './proxy.ts';
import { createRateLimits } from './rate-limits.ts';
import { rumHandle } from './rum-route.ts';
import { createSecurityHeaders } from './security-headers.ts';
import { sessionHandles } from './session-open.ts';
import { sharePages } from './share-page.ts';
import { staticFrontend } from './static.ts';
import { trayAuthorizeHandle } from './tray-authorize.ts';

/**
 * Pages of the SPA that live under /tray (framed by the Tray admin, so they alone allow the
 * configured admin origins as frame ancestors: framing.ts); the rest of /tray is the API.
 */
export const TRAY_PAGES = ['/tray/register', '/tray/register/callback'];

/** The page a session transfer link opens (src/contract/chat-app.ts `transferLinkPath`). */
export const TRANSFER_PAGE = '/abrir/:token';

const transferPage: RequestHandler = (_req, res, next) => {
  res.locals.route = TRANSFER_PAGE;
  res.setHeader('Referrer-Policy', 'no-referrer');
  next();
};

export type Frontend =
  | { kind: 'static' }
  /**
   * Development: Vite's middlewares serve the SPA with hot reload; `sendIndex` renders index.html,
   * `indexHtml` gives it as text (the share links' pages put their preview tags in it).
   */
  | {
      kind: 'middleware';
      handler: RequestHandler;
      sendIndex: RequestHandler;
      indexHtml?: (req: express.Request) => Promise<string>;
    }
  | { kind: 'none' };

export type BffApp = {
  app: express.Express;
  /** What the server calls for each request: the overload guard (overload-guard.ts), then the app. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** The request and response classes the server must make (see `bornAsExpress`). */
  serverClasses: ReturnType<typeof bornAsExpress>;
  metrics: BffMetrics;
  /** Readiness turns to 503 at once (load balancers stop sending), in-flight calls go on. */
  drain(): void;
  close(): Promise<void>;
};

/**
 * The BFF: the overload guard, then one Express app. Every call, page and asset goes through the
 * same middleware (security headers, framing, request id and log line); every call of the call
 * table (call-table.ts) goes through one dispatcher (dispatch.ts), and anything else under /api or
 * /tray is a 404 envelope.
 */
export function createApp(config: BffConfig, options: { logger: Logger; frontend?: Frontend }): BffApp {
  const { logger } = options;
  const frontend = options.frontend ?? { kind: 'static' };
  const metrics = createMetrics();
  const upstream = createUpstream(config, metrics);
  const limits = createRateLimits(config, logger);
  const trust = expressTrustProxy(config.trustProxy);
  const guard = createOverloadGuard({
    ...config.overload,
    clientOf: trust ? (req) => proxyAddr(req, trust) : (req) => req.socket.remoteAddress ?? 'unknown',
    metrics,
    logger,
  });
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
  app.set('trust proxy', trust);
  app.set('etag', false);
  const devServer = frontend.kind === 'middleware';
  app.use(
    createSecurityHeaders({
      devServer,
      trayPages: TRAY_PAGES,
      trayAdminOrigins: trayAdmin.allowed,
      // The payment page's third parties come from the payment calls' policies; the debug captcha
      // page is a page, not a call.
      providerPages: { ...paymentPagesCsp(), '/recaptcha': ['recaptcha'] },
    }),
  );
  const probe = (res: express.Response, status: number, state: string) => {
    res.status(status).set('Cache-Control', 'no-store').json({ status: state });
  };
  // One middleware in front of the rest, so a call walks as few of Express' layers as it can:
  // - an HTTP/1.1 request must name its Host (RFC 9112, 3.2). Node would refuse one without it with
  //   a bare 400 and no body before the app saw it; the server lets it through (requireHostHeader:
  //   false, index.ts) so it is refused here with the envelope and the headers above;
  // - the health checks answer without calling upstream: the BFF's own liveness and readiness
  //   (any case, with or without a trailing slash, GET or HEAD, as Express' own routes matched).
  app.use((req, res, next) => {
    if (req.httpVersion === '1.1' && req.headers.host === undefined) {
      res.setHeader('Connection', 'close');
      sendError(res, 'bad_request');
      return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && req.path.length <= 9) {
      const path = req.path.toLowerCase().replace(/(.)\/$/, '$1');
      if (path === '/healthz') return probe(res, 200, 'ok');
      if (path === '/readyz') return probe(res, draining ? 503 : 200, draining ? 'draining' : 'ready');
    }
    next();
  });
  if (config.metrics.token) app.use(metricsRoute(metrics, config.metrics.token));

  app.use(httpLogger(logger));
  app.use(
    dispatcher({
      // RUM=false: POST /rum is no row (404 envelope below) and index.html says so to the page.
      routes: callTable({
        sandboxRoutes: config.sandboxRoutes,
        bodyLimitBytes: config.bodyLimitBytes,
        rum: config.rum,
      }),
      handles: {
        ...sessionHandles(config, upstream),
        rum: rumHandle({ metrics, logger }),
        trayAuthorize: trayAuthorizeHandle(config),
      },
      forward: upstream.forward,
      limits,
      metrics,
    }),
  );

  let sendIndex: RequestHandler | undefined;
  let assets: RequestHandler | undefined;
  let indexHtml: ((req: express.Request) => Promise<string>) | undefined;
  if (frontend.kind === 'static') {
    const built = staticFrontend(config.staticDir, { rum: config.rum });
    sendIndex = built.sendIndex;
    assets = built.router;
    indexHtml = async () => built.indexHtml;
  } else if (frontend.kind === 'middleware') {
    sendIndex = frontend.sendIndex;
    assets = frontend.handler;
    indexHtml = frontend.indexHtml;
  }
  if (indexHtml) {
    // The share links of products (decision 0024): index.html with the product's preview tags, and
    // the preview picture, read through the public product call's row (its limit, its kept answers).
    const publicRead = PUBLIC_PRODUCT_ROUTE.rateLimit;
    app.use(
      sharePages({
        upstream,
        limit: publicRead ? limits[publicRead] : (_req, _res, next) => next(),
        indexHtml,
        publicUrl: config.publicUrl,
        commerceApiUrl: config.commerceApiUrl,
        logger,
      }),
    );
  }
  if (sendIndex) {
    const namePage: RequestHandler = (req, res, next) => {
      // The page's own name for the log line (Express matched it in any case, with a trailing slash).
      res.locals.route = TRAY_PAGES.find((page) => page === req.path.toLowerCase().replace(/(.)\/$/, '$1'));
      next();
    };
    app.get(TRAY_PAGES, namePage, sendIndex);
    // 'Abrir no navegador' (decision 0024): the SPA's page that opens a transferred session. Its
    // address holds a token: the log line names the template only, and no Referer ever carries it.
    app.get(TRANSFER_PAGE, transferPage, sendIndex);
  }

  app.use((req, res, next) => {
    if (isCallPath(req.path)) sendError(res, 'not_found');
    else next();
  });

  if (assets && sendIndex) {
    app.use(assets);
    // Every other GET is a page of the SPA; its router shows 'Página não encontrada' itself.
    app.get('/{*splat}', sendIndex);
  }
  app.use((_req, res) => sendError(res, 'not_found'));

  /**
   * A call that failed before or outside the pipeline's own answers: a path that does not decode
   * ('%ZZ'), a body too large or encoded, a client gone mid-body, or a bug. Answered with the
   * envelope; logged with our own words (an Express or body-parser message may quote the input).
   */
  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    const failure = error as { status?: number; type?: string; name?: string } | null;
    const status = failure?.status ?? 500;
    if (failure?.type === 'request.aborted') {
      res.destroy();
      return;
    }
    if (res.headersSent) {
      res.err = new LoggedError('answer_cut', 'failed after the answer started');
      res.destroy();
      return;
    }
    if (failure?.type === 'entity.too.large') {
      res.setHeader('Connection', 'close');
      sendError(res, 'payload_too_large');
      return;
    }
    if (failure?.type === 'encoding.unsupported' || failure?.type === 'charset.unsupported') {
      sendError(res, 'unsupported_media_type');
      return;
    }
    if (error instanceof URIError) {
      // A path that does not decode ('%ZZ', '%E0%A4%A'): Express' message quotes it, ours does not.
      sendError(res, 'bad_request', 'Endereço com um parâmetro inválido.');
      return;
    }
    if (status === 404) {
      sendError(res, 'not_found');
      return;
    }
    if (status >= 400 && status < 500) {
      sendError(res, 'bad_request');
      return;
    }
    res.err = new LoggedError(failure?.name ?? 'Error', 'unexpected failure');
    sendError(res, 'internal');
  };
  app.use(onError);

  return {
    app,
    handler: (req, res) => {
      if (!guard.shed(req, res)) app(req, res);
    },
    serverClasses: bornAsExpress(app),
    metrics,
    drain: () => {
      draining = true;
    },
    close: async () => {
      guard.close();
      await upstream.close();
      await limits.close();
    },
  };
}

/** '/api', '/tray', '/rum' and below, in any case: answered with the envelope when nothing matched them. */
const isCallPath = (path: string): boolean => /^\/(?:api|tray|rum)(?:\/|$)/i.test(path);

/**
 * Node's request and response made with Express' own prototypes from their birth (the server's
 * `IncomingMessage` and `ServerResponse` options), so Express' `Object.setPrototypeOf` on every request
 * finds them already set and does nothing. Changing each request's prototype made V8 promote what every
 * call allocated into the old generation: ~8 MB and a 7-10 ms pause per scavenge at 1,000 calls a
 * second, the BFF's p99 tail, against ~30 KB and 0.4 ms this way (docs/decisions/0011).
 */
export function bornAsExpress(app: express.Express) {
  function ExpressRequest(this: IncomingMessage, socket: Socket) {
    IncomingMessage.call(this, socket);
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(this: ServerResponse, req: IncomingMessage, options?: object) {
    (ServerResponse as unknown as (this: ServerResponse, ...args: unknown[]) => void).call(
      this,
      req,
      options,
    );
  }
  ExpressResponse.prototype = app.response;
  return {
    IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
    ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
  };
}
