// Two refusals that protect every POST before its route runs:
// - a body that is not JSON is a 415 (express.json would leave it unread and the route would see
//   no body at all, which reads as a confusing "campo obrigatório");
// - a call whose spec row takes no payload (semiautomatic toggle, manual PIX, coupon and discount in
//   the query, price table in the path) refuses a non-empty body, so a client that sends data there
//   by mistake learns it instead of triggering the call with data silently ignored.
import type { RequestHandler } from 'express';
import { Router } from 'express';
import { calls } from '../contract.ts';
import { SandboxHttpError } from './envelope.ts';

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

export const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (req.method === 'POST' && hasBody(req.headers) && !req.is('application/json')) {
    throw new SandboxHttpError(
      415,
      'Envie o corpo da requisição como JSON (application/json).',
      'unsupported',
    );
  }
  next();
};

// express.json leaves req.body undefined when nothing was sent; anything else is a payload, even {}.
const refuseBody: RequestHandler = (req, _res, next) => {
  if (req.body !== undefined) {
    throw new SandboxHttpError(400, 'Esta chamada não recebe dados no corpo da requisição.', 'validation');
  }
  next();
};

/** A router refusing bodies on the POST calls that take none (paths from the contract's registry). */
export function bodylessCalls(): Router {
  const router = Router();
  for (const call of Object.values(calls)) {
    if (call.method === 'POST' && !('body' in call)) router.post(call.path, refuseBody);
  }
  return router;
}
