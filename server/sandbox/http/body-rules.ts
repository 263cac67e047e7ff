// Refusals that protect every call before its route runs:
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

// The same for the query string: calls that take none refuse one, as the calls that take one refuse
// parameters they do not know (their schemas are strict). A stray '?confirmar=1' on GET
// /api/order/confirm must not look like it meant something.
const withoutTrailingSlash = (path: string) => path.replace(/(.)\/$/, '$1');

/** "GET /api/catalog/products/facets": calls that take a query, so a ':id' route beside them must not refuse it. */
const takesQuery = new Set(
  Object.values(calls)
    .filter((call) => 'query' in call)
    .map((call) => `${call.method} ${withoutTrailingSlash(call.path)}`),
);

const refuseQuery: RequestHandler = (req, _res, next) => {
  const names = Object.keys(req.query);
  const path = withoutTrailingSlash(`${req.baseUrl}${req.path}`);
  if (names.length > 0 && !takesQuery.has(`${req.method} ${path}`)) {
    const shown = names.slice(0, 3).map((n) => (n.length > 40 ? `${n.slice(0, 40)}…` : n));
    throw new SandboxHttpError(400, `Parâmetro não reconhecido: ${shown.join(', ')}.`, 'validation');
  }
  next();
};

/**
 * A router refusing a body on the POST calls that take none, and a query string on the calls that
 * take none (paths from the contract's registry).
 */
export function strictCallShapes(): Router {
  const router = Router();
  for (const call of Object.values(calls)) {
    const method = call.method === 'POST' ? 'post' : 'get';
    if (call.method === 'POST' && !('body' in call)) router.post(call.path, refuseBody);
    if (!('query' in call)) router[method](call.path, refuseQuery);
  }
  return router;
}
