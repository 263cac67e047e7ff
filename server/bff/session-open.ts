import type { Request, Response } from 'express';
import { isValidSessionCode } from '../../src/contract/session.ts';
import type { OwnCallName } from './call-policy.ts';
import type { BffConfig } from './config.ts';
import type { Handle } from './dispatch.ts';
import { sendError } from './errors.ts';
import { sendUpstreamFailure, type Upstream } from './proxy.ts';
import { attachSession, sessionCodeFrom } from './session.ts';
import { keepVisitorCookie, visitorIdForOpen } from './visitor.ts';

import { INVALID_SESSION_CODE as INVALID_CODE } from './call-table.ts';

/**
 * Opening a session is the one call the BFF reads itself: on success it keeps the code in the
 * tab's cookie and answers the tab's handle. Two rows of the call table (call-table.ts), answered
 * by these handles after the dispatcher's common steps (the session-open rate limit, which counts
 * only the opens that fail, and the body: JSON, at most 1 KB):
 * - `POST /api/session` with `{ "code": "..." }` opens the chat link's session. The code travels in
 *   the body, never in the address: access logs in front of the BFF record addresses.
 * - `GET /api/session` (no code) resumes the tab's session after a reload, from its handle and cookie.
 * - For `anonymous-session` (a link without a code) both also keep the browser's visitor cookie,
 *   minted when missing, and send its id upstream (visitor.ts): each browser gets its own order.
 * - `/api/session/<anything>` (the first design's `GET /api/session/<code>`) is no row: 404, without
 *   reaching the backend, which the BFF alone calls with the code in its path.
 */
export function sessionHandles(
  config: BffConfig,
  upstream: Upstream,
): Record<Extract<OwnCallName, 'openSession' | 'resumeSession'>, Handle> {
  const cookies = { secure: config.cookieSecure, cap: config.sessionCookieCap };

  async function open(req: Request, res: Response, code: string) {
    const visitorId = visitorIdForOpen(req, code, config.cookieSecure);
    // Written whatever the answer: the backend may already know the id, and the next try keeps it.
    const keepVisitor = () => {
      if (visitorId) keepVisitorCookie(res, visitorId, config.cookieSecure);
    };
    let answer: { status: number; body: unknown };
    try {
      answer = await upstream.getJson(`/api/session/${encodeURIComponent(code)}`, code, visitorId, req.ip);
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

  return {
    openSession: async ({ req, res, body }) => {
      const json = body.json;
      const code =
        json && typeof json === 'object' && !Array.isArray(json)
          ? (json as { code?: unknown }).code
          : undefined;
      if (typeof code !== 'string' || !isValidSessionCode(code)) {
        sendError(res, 'bad_request', INVALID_CODE);
        return;
      }
      await open(req, res, code);
    },
    resumeSession: async ({ req, res }) => {
      const code = sessionCodeFrom(req);
      if (!code) {
        sendError(res, 'session_missing');
        return;
      }
      await open(req, res, code);
    },
  };
}
