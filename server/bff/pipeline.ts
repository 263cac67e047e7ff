import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import typeIs from 'type-is';
import { type CallRoute, callTable, type LimitName, paramsPass, upstreamPathOf } from './call-table.ts';
import type { BffConfig } from './config.ts';
import { sendError } from './errors.ts';
import type { BffMetrics, CallOutcome } from './metrics.ts';
import type { Upstream } from './proxy.ts';
import { sessionCallGoesOn, sessionCodeFrom } from './session.ts';
import { anonymousCallLacksVisitor, visitorIdForCall } from './visitor.ts';

/**
 * The one pipeline of every /api and /tray call the BFF forwards, as Express routes built from the
 * call table (call-table.ts). Each call, in order:
 * 1. its route matched case-sensitively (another spelling is not this call); a method the call does
 *    not declare is a 405 (HEAD never runs a GET that changes something);
 * 2. its path parameters, as Express decoded them, checked against the call's rule (400 otherwise);
 * 3. its rate limit, when the table names one;
 * 4. its body, for a POST: at most the call's limit, not encoded, JSON;
 * 5. forwarded (proxy.ts) to the path the BFF builds from the template, with the session's bearer
 *    (a call whose handle has lost its cookie is answered 401 'session_missing' instead: session.ts),
 *    and for `anonymous-session` the browser's visitor id (visitor.ts).
 * Every step answers the envelope; the log line and the metrics name the template, never the path.
 */
export type RateLimitHandlers = Record<LimitName, RequestHandler>;

export type PipelineOptions = {
  config: BffConfig;
  upstream: Upstream;
  limits: RateLimitHandlers;
  metrics: BffMetrics;
};

type Locals = Record<string, unknown>;

const methodNotAllowed =
  (allowed: readonly string[]): RequestHandler =>
  (_req, res) => {
    res.setHeader('Allow', allowed.join(', '));
    sendError(res, 'method_not_allowed');
  };

/** Notes the call for the log and metrics, and checks its path parameters. */
function admit(route: CallRoute, metrics: BffMetrics): RequestHandler {
  return (req, res, next) => {
    const locals = res.locals as Locals;
    locals.route = route.path;
    locals.call = route.name;
    const stopTimer = metrics.callDuration.startTimer({ route: route.path });
    res.once('close', () => {
      stopTimer();
      metrics.calls.inc({ route: route.path, status: String(res.statusCode), outcome: outcomeOf(res) });
    });
    const params = { ...(req.params as Record<string, string>) };
    if (!paramsPass(route, params)) {
      locals.outcome = 'rejected';
      sendError(res, 'bad_request', 'Endereço com um parâmetro inválido.');
      return;
    }
    locals.params = params;
    if (route.loggedParams.length > 0) {
      locals.loggedParams = Object.fromEntries(route.loggedParams.map((name) => [name, params[name] ?? '']));
    }
    next();
  };
}

function outcomeOf(res: Response): CallOutcome {
  const noted = (res.locals as Locals).outcome as CallOutcome | undefined;
  if (noted) return noted;
  if (!res.writableFinished) return 'client_gone';
  if (res.statusCode === 429) return 'rate_limited';
  return res.statusCode >= 400 ? 'rejected' : 'ok';
}

/** The rate limit, counted in the metrics when it refuses. */
function limited(name: LimitName, handler: RequestHandler, metrics: BffMetrics): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      if (res.statusCode === 429 && !(res.locals as Locals).forwarded)
        metrics.rateLimitHits.inc({ limit: name });
    });
    return handler(req, res, next);
  };
}

/** A POST's body: raw bytes up to the call's limit (express.raw), then JSON or nothing. */
function readBody(route: CallRoute): RequestHandler[] {
  const raw = express.raw({ type: () => true, limit: route.bodyLimitBytes, inflate: false });
  const check: RequestHandler = (req, res, next) => {
    const body: unknown = req.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      req.body = undefined;
      next();
      return;
    }
    if (!typeIs.is(req.headers['content-type'] ?? '', ['json'])) {
      sendError(res, 'unsupported_media_type');
      return;
    }
    try {
      JSON.parse(body.toString('utf8'));
    } catch {
      sendError(res, 'bad_request', 'O corpo da requisição não é um JSON válido.');
      return;
    }
    next();
  };
  return [raw, check];
}

function forwardTo(route: CallRoute, upstream: Upstream, cookieSecure: boolean): RequestHandler {
  return async (req: Request, res: Response) => {
    // A tab whose session cookie is gone (evicted, expired) is told so, without calling the backend.
    if (route.session && !sessionCallGoesOn(req, res, cookieSecure)) return;
    const bearer = route.session ? sessionCodeFrom(req) : undefined;
    const visitorId = visitorIdForCall(req, bearer, cookieSecure);
    // Not minted here: a tab's calls run side by side, and each would mint an id of its own, the cart
    // split among them. Not forwarded without one either (the backend's shared anonymous order): the
    // tab is told its session is gone, and its reload, a resume, mints the cookie once.
    if (anonymousCallLacksVisitor(bearer, visitorId)) {
      sendError(res, 'session_missing');
      return;
    }
    const locals = res.locals as Locals;
    locals.forwarded = true;
    const url = req.originalUrl;
    const queryAt = url.indexOf('?');
    const query = queryAt === -1 ? '' : url.slice(queryAt);
    await upstream.forward(req, res as Response & { locals: Locals }, {
      route,
      path: upstreamPathOf(route, locals.params as Record<string, string>) + query,
      clientIp: req.ip,
      bearer,
      visitorId,
      body: Buffer.isBuffer(req.body) ? req.body : undefined,
      requestId: String(locals.requestId ?? ''),
    });
  };
}

export function callPipeline(options: PipelineOptions): Router {
  const { config, upstream, limits, metrics } = options;
  const routes = callTable({ sandboxRoutes: config.sandboxRoutes, bodyLimitBytes: config.bodyLimitBytes });
  const router = Router({ caseSensitive: true, strict: false });
  // One Express route per path, with a handler per declared method; in table order (static paths
  // before parameters, as the backend routes them).
  const paths = [...new Set(routes.map((route) => route.path))];
  for (const path of paths) {
    const declared = routes.filter((route) => route.path === path);
    const allowed = declared.map((route) => route.method);
    const expressRoute = router.route(path);
    // Express would run a GET's handlers for HEAD: refused first, so only declared methods pass.
    expressRoute.head(methodNotAllowed(allowed));
    for (const route of declared) {
      const handlers: RequestHandler[] = [admit(route, metrics)];
      if (route.rateLimit) handlers.push(limited(route.rateLimit, limits[route.rateLimit], metrics));
      if (route.method === 'POST') handlers.push(...readBody(route));
      handlers.push(forwardTo(route, upstream, config.cookieSecure));
      if (route.method === 'GET') expressRoute.get(handlers);
      else expressRoute.post(handlers);
    }
    expressRoute.all(methodNotAllowed(allowed));
  }
  return router;
}

/** '/api', '/tray' and below, in any case: answered with the envelope when nothing matched them. */
export const isApiPath = (path: string): boolean => /^\/(?:api|tray)(?:\/|$)/i.test(path);
