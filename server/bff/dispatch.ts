import type { NextFunction, Request, RequestHandler, Response } from 'express';
import FindMyWay from 'find-my-way';
import type { OwnCallName } from './call-policy.ts';
import type { CallRoute, LimitName } from './call-table.ts';
import { paramsPass } from './call-table.ts';
import { sendError } from './errors.ts';
import { LoggedError } from './logger.ts';
import type { BffMetrics, CallOutcome } from './metrics.ts';
import { type ReadBody, readBody, refuseBodyOnGet } from './request-body.ts';

/**
 * The one dispatcher of every call the BFF serves (/api, /tray, /rum), over the call table
 * (call-table.ts) with find-my-way's radix tree instead of Express' router walking a layer per path.
 * Each call, in order, whatever its row:
 * 1. its path matched case-sensitively, with or without a trailing slash (another spelling is not
 *    this call: 404 envelope); a path that does not decode is a 400;
 * 2. a method its path does not declare is a 405 with Allow (HEAD never runs a GET);
 * 3. its path parameters, decoded, checked against the row's rule (400 otherwise);
 * 4. its rate limit, when its policy names one;
 * 5. its body (request-body.ts): none on a GET, at most the row's limit on a POST, JSON;
 * 6. its handle: the BFF's own answer for the session open and resume, the RUM beacon and the Tray
 *    authorize address, a forward to the backend (proxy.ts) for every other row.
 * Every step answers the envelope; the log line and the metrics name the template, never the path.
 */
export type CallContext = {
  req: Request;
  res: Response;
  route: CallRoute;
  params: Record<string, string>;
  body: ReadBody;
};

export type Handle = (call: CallContext) => Promise<void> | void;

export type DispatchOptions = {
  routes: readonly CallRoute[];
  /** The answer of each of the BFF's own calls. */
  handles: Record<OwnCallName, Handle>;
  forward: Handle;
  limits: Record<LimitName, RequestHandler>;
  metrics: BffMetrics;
};

type Locals = Record<string, unknown>;

/** Each path of the table: its template, its rows by method, and the Allow header a 405 names. */
type PathEntry = { path: string; byMethod: Map<string, Row>; allow: string };

/** A row with what is bound to it once: its metrics children, its limit. */
type Row = {
  route: CallRoute;
  handle: Handle;
  limit?: RequestHandler;
  limitName?: LimitName;
  duration: { startTimer(): () => void };
  outcomes: Map<string, { inc(): void }>;
};

const NO_QUERY = Object.freeze({});
const BAD_PARAMETER = 'Endereço com um parâmetro inválido.';

/** What the metrics call the way a call ended. */
function outcomeOf(res: Response): CallOutcome {
  const noted = (res.locals as Locals).outcome as CallOutcome | undefined;
  if (noted) return noted;
  if (!res.writableFinished) return 'client_gone';
  if (res.statusCode === 429) return 'rate_limited';
  return res.statusCode >= 400 ? 'rejected' : 'ok';
}

export function dispatcher(options: DispatchOptions): RequestHandler {
  const { routes, handles, forward, limits, metrics } = options;
  const router = FindMyWay({
    caseSensitive: true,
    ignoreTrailingSlash: true,
    // Long parameters are the parameter rule's to refuse (400), not a missing route's (404).
    maxParamLength: 10_000,
    // The query string goes upstream as the caller sent it; the BFF never reads it.
    querystringParser: () => NO_QUERY,
    onBadUrl: () => {},
  });
  const entries = new Map<string, PathEntry>();
  for (const route of routes) {
    const key = route.path.length > 1 ? route.path.replace(/\/$/, '') : route.path;
    let entry = entries.get(key);
    if (!entry) {
      entry = { path: route.path, byMethod: new Map(), allow: '' };
      entries.set(key, entry);
      router.on('GET', key, () => {}, entry);
    }
    entry.byMethod.set(route.method, {
      route,
      handle: route.handle ? handles[route.handle] : forward,
      limit: route.rateLimit ? limits[route.rateLimit] : undefined,
      limitName: route.rateLimit,
      duration: metrics.callDuration.labels(route.path),
      outcomes: new Map(),
    });
    entry.allow = ['GET', 'POST'].filter((method) => entry.byMethod.has(method)).join(', ');
  }

  /** The 'close' of every dispatched call: its metrics (one function for all, no closure per call). */
  function onClose(this: Response) {
    const locals = this.locals as Locals;
    const row = locals.row as Row;
    // The shopper left while the backend was still asked (proxy.ts): stop waiting on it.
    if (!this.writableFinished) (locals.whenGone as { clientGone(): void } | undefined)?.clientGone();
    (locals.stopTimer as () => void)();
    const outcome = outcomeOf(this);
    if (this.statusCode === 429 && !locals.forwarded && row.limitName) {
      metrics.rateLimitHits.labels(row.limitName).inc();
    }
    const key = `${this.statusCode} ${outcome}`;
    let counter = row.outcomes.get(key);
    if (!counter) {
      counter = metrics.calls.labels(row.route.path, String(this.statusCode), outcome);
      if (row.outcomes.size < 64) row.outcomes.set(key, counter);
    }
    counter.inc();
  }

  function run(row: Row, context: CallContext) {
    try {
      const done = row.handle(context);
      if (done) done.catch((error: unknown) => fail(context.res, error));
    } catch (error) {
      fail(context.res, error);
    }
  }

  function fail(res: Response, error: unknown) {
    if (res.headersSent) {
      res.err = new LoggedError('answer_cut', 'failed after the answer started');
      res.destroy();
      return;
    }
    res.err = new LoggedError((error as Error | null)?.name ?? 'Error', 'unexpected failure');
    sendError(res, 'internal');
  }

  function afterLimit(row: Row, context: CallContext) {
    const { req, res, route } = context;
    if (route.method === 'GET') {
      if (refuseBodyOnGet(req, res)) return;
      run(row, context);
      return;
    }
    readBody(req, res, route.bodyLimitBytes, route.invalidBody).then(
      (body) => {
        if (!body) return;
        context.body = body;
        run(row, context);
      },
      (error: unknown) => fail(res, error),
    );
  }

  return (req: Request, res: Response, next: NextFunction) => {
    const found = router.find('GET', req.url);
    if (found === null) {
      next();
      return;
    }
    if (found.store == null) {
      // A path that does not decode ('%ZZ', '%E0%A4%A').
      sendError(res, 'bad_request', BAD_PARAMETER);
      return;
    }
    const entry = found.store as PathEntry;
    const row = entry.byMethod.get(req.method);
    const locals = res.locals as Locals;
    if (!row) {
      locals.route = entry.path;
      res.setHeader('Allow', entry.allow);
      sendError(res, 'method_not_allowed');
      return;
    }
    const { route } = row;
    locals.route = route.path;
    locals.call = route.name;
    locals.row = row;
    locals.stopTimer = row.duration.startTimer();
    // `on`, not `once`: a response closes once, and `once` would wrap the listener for every call.
    res.on('close', onClose);
    const params = found.params as Record<string, string>;
    if (!paramsPass(route, params)) {
      locals.outcome = 'rejected';
      sendError(res, 'bad_request', BAD_PARAMETER);
      return;
    }
    locals.params = params;
    if (route.loggedParams.length > 0) {
      const logged: Record<string, string> = {};
      for (const name of route.loggedParams) logged[name] = params[name] ?? '';
      locals.loggedParams = logged;
    }
    const context: CallContext = { req, res, route, params, body: {} };
    if (!row.limit) {
      afterLimit(row, context);
      return;
    }
    row.limit(req, res, (error?: unknown) => {
      if (error) fail(res, error);
      else afterLimit(row, context);
    });
  };
}
