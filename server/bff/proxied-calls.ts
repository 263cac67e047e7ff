import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CallResponse, withLocals } from './call-response.ts';
import { cameOverHttps, clientIp } from './client-address.ts';
import type { HttpLogger } from './logger.ts';
import type { Upstream } from './proxy.ts';
import { RATE_LIMITED_PATHS } from './rate-limits.ts';
import type { HeaderList } from './security-headers.ts';
import { sessionCallGoesOn, sessionCodeFrom } from './session.ts';

/**
 * The tab's API calls the BFF only forwards (catalogue, order, customer, payment methods, Tray
 * calls), answered without Express: they are nearly every call a shopper makes, and Express' own
 * work per call (its request and response prototypes, its router) cost more than the whole
 * forwarding (docs/decisions/0011-api-calls-without-express.md). Each gets what the Express app
 * would give it, from the same modules: the security and framing headers, a request id and one log
 * line, the session's bearer credential (session.ts: its cookie refreshed, or 401 when it is gone),
 * then `upstream.forward` (allow-list, limits, breaker, envelope check); an unexpected failure is
 * logged and answered like Express' error handler does.
 *
 * Every other call goes on to Express, unchanged: the session routes, the rate-limited calls, the
 * Tray pages and authorization, the health checks, pages and assets, and any path that is not
 * plain (other characters, another case, percent-encoding), so the two never disagree on a path.
 */

/** '/api/...' or '/tray/...' in plain characters: anything else is for Express to route. */
const PLAIN_API_PATH = /^\/(?:api|tray)\/[A-Za-z0-9._~/-]*$/;

/** Lower case, without one trailing slash: how Express compares a path with its routes. */
const routeKey = (path: string) => path.toLowerCase().replace(/(.)\/$/, '$1');

export type ProxiedCallsOptions = {
  upstream: Upstream;
  httpLogger: HttpLogger;
  answerHeaders: (secure: boolean) => HeaderList;
  /** Paths Express routes itself (besides the rate-limited calls and the session routes). */
  expressPaths: readonly string[];
  /** Whether session cookies are Secure (config.cookieSecure): a refreshed session cookie keeps its flags. */
  cookieSecure: boolean;
  /** What Express' error handler does with a call that failed unexpectedly. */
  failed(req: IncomingMessage, res: CallResponse, error: unknown): void;
};

/** Serves the call and answers true when it is a plain forwarded call; false: Express' turn. */
export function proxiedCalls(options: ProxiedCallsOptions) {
  const { upstream, httpLogger, answerHeaders, failed } = options;
  const keptForExpress = new Set(
    [...RATE_LIMITED_PATHS.filter((path) => !path.includes(':')), ...options.expressPaths].map(routeKey),
  );

  return function serve(req: IncomingMessage, res: ServerResponse): boolean {
    const { method } = req;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return false;
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (!PLAIN_API_PATH.test(path)) return false;
    const key = routeKey(path);
    if (key === '/api/session' || key.startsWith('/api/session/') || keptForExpress.has(key)) {
      return false;
    }

    const response = withLocals(res);
    for (const [name, value] of answerHeaders(cameOverHttps(req))) res.setHeader(name, value);
    httpLogger.begin(req, response);
    // A tab whose session cookie is gone: 401 session_missing here, and no call to the backend.
    if (path.startsWith('/api/') && !sessionCallGoesOn(req, response, options.cookieSecure)) return true;
    // The Tray calls carry no shopper session: the store admin is not a chat contact.
    const bearer = path.startsWith('/api/') ? sessionCodeFrom(req) : undefined;
    upstream
      .forward(req, response, { url, clientIp: clientIp(req), bearer })
      .catch((error: unknown) => failed(req, response, error));
    return true;
  };
}
