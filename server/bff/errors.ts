import type { ServerResponse } from 'node:http';

/**
 * Every answer the BFF writes itself is the same envelope the commerce backend uses,
 * so the SPA has one way to read failures. Messages are for the shopper: Portuguese,
 * and never a host, port, path or stack.
 */
export type BffErrorKind =
  | 'upstream_unavailable'
  | 'upstream_unreachable'
  | 'upstream_timeout'
  | 'session_missing'
  | 'upstream_invalid'
  | 'bad_request'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'payments_unavailable'
  | 'not_found'
  | 'internal';

const messages: Record<BffErrorKind, { status: number; message: string }> = {
  upstream_unavailable: {
    status: 503,
    message: 'Nossa loja está temporariamente indisponível. Tente novamente em instantes.',
  },
  upstream_unreachable: {
    status: 502,
    message: 'Não foi possível falar com a loja agora. Tente novamente em instantes.',
  },
  upstream_timeout: {
    status: 504,
    message: 'A loja demorou demais para responder. Tente novamente em instantes.',
  },
  /** The backend answered something that is not its JSON envelope: none of it reaches the shopper. */
  upstream_invalid: {
    status: 502,
    message: 'Não foi possível falar com a loja agora. Tente novamente em instantes.',
  },
  session_missing: {
    status: 401,
    message: 'Sua sessão expirou. Abra novamente o link que você recebeu no chat.',
  },
  bad_request: { status: 400, message: 'Requisição inválida.' },
  payload_too_large: { status: 413, message: 'Os dados enviados são grandes demais.' },
  unsupported_media_type: {
    status: 415,
    message: 'Envie o corpo da requisição como JSON (application/json).',
  },
  rate_limited: { status: 429, message: 'Muitas tentativas. Aguarde um instante e tente novamente.' },
  /** The card payments' shared limit cannot be checked (Redis unreachable): no payment goes unlimited. */
  payments_unavailable: {
    status: 503,
    message: 'Não foi possível processar pagamentos agora. Tente novamente em instantes.',
  },
  not_found: { status: 404, message: 'Endereço não encontrado.' },
  internal: { status: 500, message: 'Ops! Algo de errado aconteceu. Tente novamente.' },
};

export function errorEnvelope(kind: BffErrorKind, message?: string) {
  const { status, message: fallback } = messages[kind];
  return {
    status,
    body: {
      success: false,
      data: null,
      errors: [{ message: message ?? fallback, code: status, type: kind, status }],
    },
  };
}

/**
 * Writes the envelope for a failure with Node's own response methods, so the same function serves
 * Express' routes and the calls answered without Express (proxied-calls.ts). The same headers as
 * Express' `res.json`: JSON with its charset, and the length (no ETag: the app turns it off).
 */
export function sendError(res: ServerResponse, kind: BffErrorKind, message?: string): void {
  const { status, body } = errorEnvelope(kind, message);
  const json = Buffer.from(JSON.stringify(body), 'utf8');
  res.statusCode = status;
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', json.length);
  res.end(json);
}
