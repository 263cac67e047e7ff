import { type Request, type RequestHandler, type Response, Router } from 'express';
import { isValidSessionCode } from '../../src/contract/session.ts';
import type { BffConfig } from './config.ts';
import { sendError } from './errors.ts';
import { sendUpstreamFailure, type Upstream } from './proxy.ts';
import { attachSession, sessionCodeFrom } from './session.ts';

/**
 * Opening a session is the one call the BFF reads itself: on success it keeps the code in the
 * tab's cookie and answers the tab's handle. `GET /api/session` (no code) resumes the tab's
 * session after a reload, when the address bar no longer carries the code.
 */
export function sessionRoutes(
  config: BffConfig,
  upstream: Upstream,
  limits: { sessionOpens: RequestHandler },
): Router {
  const router = Router({ caseSensitive: true });

  async function open(res: Response, code: string) {
    let answer: { status: number; body: unknown };
    try {
      answer = await upstream.getJson(`/api/session/${encodeURIComponent(code)}`, code);
    } catch (error) {
      sendUpstreamFailure(res, error, config);
      return;
    }
    const body = answer.body as { success?: unknown } | null;
    if (answer.status >= 200 && answer.status < 300 && body?.success === true) {
      attachSession(res, code, config.cookieSecure);
    }
    res.status(answer.status).set('Cache-Control', 'private, no-store').json(answer.body);
  }

  router.get('/api/session/:code', limits.sessionOpens, async (req: Request<{ code: string }>, res) => {
    (res.locals as Record<string, unknown>).route = '/api/session/:code';
    const code = req.params.code;
    if (!isValidSessionCode(code)) {
      sendError(res, 'bad_request', 'Código de sessão inválido.');
      return;
    }
    await open(res, code);
  });

  router.get('/api/session', async (req, res) => {
    (res.locals as Record<string, unknown>).route = '/api/session';
    const code = sessionCodeFrom(req);
    if (!code) {
      sendError(res, 'session_missing');
      return;
    }
    await open(res, code);
  });

  // Express' router would answer an OPTIONS itself (200, 'GET, HEAD' as text): the envelope instead.
  router.options(['/api/session/:code', '/api/session'], (_req, res) => {
    res.setHeader('Allow', 'GET');
    sendError(res, 'method_not_allowed');
  });

  return router;
}
