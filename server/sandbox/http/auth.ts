// Session-scoped calls carry the session code as `Authorization: Bearer <code>` (the BFF adds it).
// Missing or unknown → 401 envelope. The code is never logged or echoed back.
// `anonymous-session` with X-Visitor-Id is that visitor's own session (session/visitor-sessions.ts).
import type { RequestHandler, Response } from 'express';
import { z } from 'zod/mini';
import { calls, VISITOR_ID_HEADER } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { sessionForCall } from '../session/visitor-sessions.ts';
import { SandboxHttpError } from './envelope.ts';

/** A session code is well formed when the session call would accept it in its path. */
function isWellFormedCode(code: string): boolean {
  return z.safeParse(calls.getSession.params, { code }).success;
}

const LOCALS_KEY = 'sandboxSession';

function unauthorized(message: string): SandboxHttpError {
  return new SandboxHttpError(401, message, 'unauthorized');
}

export function requireSession(db: SandboxDb): RequestHandler {
  return (req, res, next) => {
    const header = req.get('authorization');
    if (!header) throw unauthorized('Sessão não informada. Abra novamente o link recebido no chat.');
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    const code = match?.[1];
    const session =
      code && isWellFormedCode(code) ? sessionForCall(db, code, req.get(VISITOR_ID_HEADER)) : undefined;
    if (!session) throw unauthorized('Sessão inválida ou expirada. Abra novamente o link recebido no chat.');
    res.locals[LOCALS_KEY] = session;
    next();
  };
}

/** The session requireSession found for this request. */
export function currentSession(res: Response): SessionRecord {
  const session = res.locals[LOCALS_KEY] as SessionRecord | undefined;
  if (!session) throw new Error('currentSession used on a route without requireSession');
  return session;
}

/** The session plus its shop; a session without shop data cannot use shop-scoped calls. */
export function currentShopSession(res: Response): SessionRecord & { shopId: string } {
  const session = currentSession(res);
  if (session.shopId === null) {
    throw new SandboxHttpError(404, 'Esta sessão não tem uma loja associada.', 'not-found');
  }
  return { ...session, shopId: session.shopId };
}
