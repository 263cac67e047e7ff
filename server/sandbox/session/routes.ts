// GET /api/session/:code: loads a session by the code from the chat link. Needs no bearer (the code
// is the credential, in the path). Unknown code → success false, 404, so the SPA goes to invalid-session.
// `anonymous-session` with X-Visitor-Id answers that visitor's own session (visitor-sessions.ts).
import { Router } from 'express';
import { calls, VISITOR_ID_HEADER } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { notFound, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { sessionToWire } from './sessions.ts';
import { sessionForCall } from './visitor-sessions.ts';

export function sessionRoutes(db: SandboxDb): Router {
  const router = Router();

  router.get('/session/:code', (req, res) => {
    const { code } = parseInput(calls.getSession.params, req.params, 'params');
    const session = sessionForCall(db, code, req.get(VISITOR_ID_HEADER));
    if (!session)
      throw notFound('Sessão não encontrada ou expirada. Abra novamente o link recebido no chat.');
    sendOk(res, sessionToWire(db, session));
  });

  return router;
}
