import type { Request, Response } from 'express';
import { TRANSFER_TOKEN_PATTERN } from '../../src/contract/chat-app.ts';
import { ANONYMOUS_SESSION_CODE, isValidSessionCode } from '../../src/contract/session.ts';
import type { OwnCallName } from './call-policy.ts';
import { INVALID_SESSION_CODE as INVALID_CODE } from './call-table.ts';
import type { BffConfig } from './config.ts';
import type { Handle } from './dispatch.ts';
import { sendError } from './errors.ts';
import { sendUpstreamFailure, type Upstream } from './proxy.ts';
import { attachSession, sessionCodeFrom } from './session.ts';
import { keepVisitorCookie, visitorIdForOpen } from './visitor.ts';

/** What a tab is told of a transfer token that opens nothing: forged, spent, expired or malformed. */
export const TRANSFER_REFUSED = 'Este link para abrir no navegador já foi usado ou expirou.';

/**
 * Opening a session is the one call the BFF reads itself: on success it keeps the code in the
 * tab's cookie and answers the tab's handle. Two rows of the call table (call-table.ts), answered
 * by these handles after the dispatcher's common steps (the session-open rate limit, which counts
 * only the opens that fail, and the body: JSON, at most 1 KB):
 * - `POST /api/session` with `{ "code": "..." }` opens the chat link's session. The code travels in
 *   the body, never in the address: access logs in front of the BFF record addresses.
 * - `POST /api/session` with `{ "transfer": "<token>" }` opens the session a transfer token names
 *   ('Abrir no navegador', decision 0024): the token is redeemed upstream (spent there), and the code
 *   it answers is opened exactly as a chat link's. A token that opens nothing is a 404 with
 *   TRANSFER_REFUSED, without a cookie; it counts as a failed open for the rate limit.
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

  /** The code a transfer token names, spent upstream; undefined when it names none (answered here). */
  async function redeem(req: Request, res: Response, token: unknown): Promise<string | undefined> {
    if (typeof token !== 'string' || !TRANSFER_TOKEN_PATTERN.test(token)) {
      sendError(res, 'not_found', TRANSFER_REFUSED);
      return undefined;
    }
    let answer: { status: number; body: unknown };
    try {
      answer = await upstream.redeemTransfer(token, req.ip);
    } catch (error) {
      sendUpstreamFailure(res, error, config);
      return undefined;
    }
    const body = answer.body as { success?: unknown; data?: { code?: unknown } | null } | null;
    const code = body?.data?.code;
    // A backend without the extension answers 404 too. `anonymous-session` names no one's cart: a
    // visitor's is reached through the browser's own visitor cookie (decision 0019), never a token.
    if (
      answer.status >= 200 &&
      answer.status < 300 &&
      body?.success === true &&
      typeof code === 'string' &&
      isValidSessionCode(code) &&
      code !== ANONYMOUS_SESSION_CODE
    ) {
      return code;
    }
    sendError(res, 'not_found', TRANSFER_REFUSED);
    return undefined;
  }

  return {
    openSession: async ({ req, res, body }) => {
      const json = body.json;
      const fields =
        json && typeof json === 'object' && !Array.isArray(json)
          ? (json as { code?: unknown; transfer?: unknown })
          : {};
      if ('transfer' in fields) {
        // One way to name the session per open: a code and a token together are neither.
        if ('code' in fields) {
          sendError(res, 'bad_request', INVALID_CODE);
          return;
        }
        const code = await redeem(req, res, fields.transfer);
        if (code !== undefined) await open(req, res, code);
        return;
      }
      const code = fields.code;
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
