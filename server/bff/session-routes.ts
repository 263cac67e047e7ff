import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  Router,
} from 'express';
import { isValidSessionCode } from '../../src/contract/session.ts';
import type { BffConfig } from './config.ts';
import { sendError } from './errors.ts';
import { sendUpstreamFailure, type Upstream } from './proxy.ts';
import { attachSession, sessionCodeFrom } from './session.ts';
import { keepVisitorCookie, visitorIdForOpen } from './visitor.ts';

/** `{ "code": "<at most 200 characters>" }` with room to spare; anything longer is not a session open. */
export const SESSION_OPEN_BODY_LIMIT_BYTES = 1_024;
const INVALID_CODE = 'Código de sessão inválido.';

/**
 * Opening a session is the one call the BFF reads itself: on success it keeps the code in the
 * tab's cookie and answers the tab's handle.
 * - `POST /api/session` with `{ "code": "..." }` opens the chat link's session. The code travels in
 *   the body, never in the address: access logs in front of the BFF record addresses.
 * - `GET /api/session` (no code) resumes the tab's session after a reload, from its handle and cookie.
 * - For `anonymous-session` (a link without a code) both also keep the browser's visitor cookie,
 *   minted when missing, and send its id upstream (visitor.ts): each browser gets its own order.
 * - `/api/session/<anything>` (the first design's `GET /api/session/<code>`) is no route: 404,
 *   without reaching the backend, which the BFF alone calls with the code in its path.
 * The session-open rate limit (rate-limits.ts) runs first on both, counting only the opens that fail.
 */
export function sessionRoutes(
  config: BffConfig,
  upstream: Upstream,
  limits: { sessionOpens: RequestHandler },
): Router {
  const router = Router({ caseSensitive: true });
  const cookies = { secure: config.cookieSecure, cap: config.sessionCookieCap };

  async function open(req: Request, res: Response, code: string) {
    const visitorId = visitorIdForOpen(req, code, config.cookieSecure);
    // Written whatever the answer: the backend may already know the id, and the next try keeps it.
    const keepVisitor = () => {
      if (visitorId) keepVisitorCookie(res, visitorId, config.cookieSecure);
    };
    let answer: { status: number; body: unknown };
    try {
      answer = await upstream.getJson(`/api/session/${encodeURIComponent(code)}`, code, visitorId);
    } catch (error) {
      keepVisitor();
      sendUpstreamFailure(res, error, config);
      return;
    }
    const body = answer.body as { success?: unknown } | null;
    if (answer.status >= 200 && answer.status < 300 && body?.success === true) {
      attachSession(req, res, code, cookies);
    }
    keepVisitor();
    res.status(answer.status).set('Cache-Control', 'private, no-store').json(answer.body);
  }

  // JSON only (a cross-site form cannot send it without the browser asking first), small, not compressed.
  const readBody = express.json({ limit: SESSION_OPEN_BODY_LIMIT_BYTES, inflate: false, strict: true });
  const badBody: ErrorRequestHandler = (error, _req, res, _next) => {
    // A body too large is left unread: the connection cannot carry another call.
    if ((error as { type?: unknown } | null)?.type === 'entity.too.large') res.set('Connection', 'close');
    sendError(res, 'bad_request', INVALID_CODE);
  };

  const openFromBody: RequestHandler = async (req, res) => {
    const body: unknown = req.body;
    const code =
      body && typeof body === 'object' && !Array.isArray(body)
        ? (body as { code?: unknown }).code
        : undefined;
    if (typeof code !== 'string' || !isValidSessionCode(code)) {
      sendError(res, 'bad_request', INVALID_CODE);
      return;
    }
    await open(req, res, code);
  };

  const refuseMethod: RequestHandler = (_req, res) => {
    res.setHeader('Allow', 'GET, POST');
    sendError(res, 'method_not_allowed');
  };
  // Express would run the GET (a session lookup upstream) for a HEAD.
  router.head('/api/session', refuseMethod);

  const named: RequestHandler = (_req, res, next) => {
    (res.locals as Record<string, unknown>).route = '/api/session';
    next();
  };
  // Both count the opens that fail against the caller's address: guessing codes, by body or by a
  // forged cookie and handle, is held back the same way.
  router.post('/api/session', named, limits.sessionOpens, readBody, badBody, openFromBody);

  router.get('/api/session', named, limits.sessionOpens, async (req, res) => {
    const code = sessionCodeFrom(req);
    if (!code) {
      sendError(res, 'session_missing');
      return;
    }
    await open(req, res, code);
  });

  router.all('/api/session/*rest', (_req, res) => sendError(res, 'not_found'));
  // Any other method (OPTIONS, PUT...; HEAD is refused first): the envelope, not Express' own answer.
  router.all('/api/session', refuseMethod);

  return router;
}
