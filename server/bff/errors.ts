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
  | 'upstream_error'
  | 'overloaded'
  | 'bad_request'
  | 'method_not_allowed'
  | 'header_too_large'
  | 'request_timeout'
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
  /** The backend failed (a 5xx): its own message may name internal hosts, so ours replaces it. */
  upstream_error: {
    status: 502,
    message: 'Ops! Algo de errado aconteceu. Tente novamente.',
  },
  /** This replica has its cap of calls in flight: answered at once rather than queued. */
  overloaded: {
    status: 503,
    message: 'Nossa loja está com muitos acessos agora. Tente novamente em instantes.',
  },
  session_missing: {
    status: 401,
    message: 'Sua sessão expirou. Abra novamente o link que você recebeu no chat.',
  },
  bad_request: { status: 400, message: 'Requisição inválida.' },
  method_not_allowed: { status: 405, message: 'Método não permitido para este endereço.' },
  header_too_large: { status: 431, message: 'Os cabeçalhos da requisição são grandes demais.' },
  request_timeout: { status: 408, message: 'A requisição demorou demais para chegar.' },
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

/** The envelope as the bytes of a whole HTTP answer, for a socket no response object owns. */
export function rawErrorAnswer(
  kind: BffErrorKind,
  headers: ReadonlyArray<readonly [string, string]>,
): string {
  const { status, body } = errorEnvelope(kind);
  const json = JSON.stringify(body);
  const lines = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return (
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\n${lines}Connection: close\r\n\r\n${json}`
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Writes the envelope for a failure with Node's own response methods (Express' routes and the
 * sockets' own errors alike). The same headers as Express' `res.json`: JSON with its charset, and the
 * length (no ETag: the app turns it off).
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
