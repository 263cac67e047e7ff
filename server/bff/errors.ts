import type { Response } from 'express';

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
  | 'bad_request'
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
  session_missing: {
    status: 401,
    message: 'Sua sessão expirou. Abra novamente o link que você recebeu no chat.',
  },
  bad_request: { status: 400, message: 'Requisição inválida.' },
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

export function sendError(res: Response, kind: BffErrorKind, message?: string): void {
  const { status, body } = errorEnvelope(kind, message);
  res.status(status).set('Cache-Control', 'no-store').json(body);
}
