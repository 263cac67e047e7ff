// The last two handlers of the app: unknown paths, then every error. Bad input never reaches the
// shopper as a 500: body-parser and router errors carry a 4xx status and get a Portuguese message;
// only a real bug answers 500, without stack, host or path.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { maskCardNumbers } from '../../log-mask.ts';
import { SandboxHttpError, sendError } from './envelope.ts';

export const answerUnknownPath: RequestHandler = (_req, res) => {
  sendError(res, 404, 'Recurso não encontrado.', 'not-found');
};

// body-parser marks its errors with `type`; see https://github.com/expressjs/body-parser#errors
const BODY_ERRORS: Record<string, { status: number; message: string }> = {
  'entity.parse.failed': { status: 400, message: 'O corpo da requisição não é um JSON válido.' },
  'entity.too.large': { status: 413, message: 'O corpo da requisição é grande demais.' },
  'encoding.unsupported': { status: 415, message: 'Codificação do corpo da requisição não suportada.' },
  'charset.unsupported': {
    status: 415,
    message: 'Conjunto de caracteres do corpo da requisição não suportado.',
  },
  'request.aborted': { status: 400, message: 'A requisição foi interrompida.' },
  'request.size.invalid': { status: 400, message: 'O tamanho do corpo da requisição não confere.' },
};

export function answerErrors(logger?: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof SandboxHttpError) {
      // RFC 6750: a bearer-protected resource names its scheme when it refuses a credential.
      if (error.status === 401) res.set('WWW-Authenticate', 'Bearer');
      sendError(res, error.status, error.message, error.type, error.data);
      return;
    }
    const tagged = error as { type?: unknown; status?: unknown } | null;
    const bodyError = typeof tagged?.type === 'string' ? BODY_ERRORS[tagged.type] : undefined;
    if (bodyError) {
      sendError(
        res,
        bodyError.status,
        bodyError.message,
        bodyError.status === 415 ? 'unsupported' : 'validation',
      );
      return;
    }
    // Other client errors raised by Express itself, e.g. a badly %-encoded path parameter.
    const status = typeof tagged?.status === 'number' ? tagged.status : 500;
    if (status >= 400 && status < 500) {
      sendError(res, status, 'Requisição inválida.', 'validation');
      return;
    }
    // Only the error itself is logged (the request path may carry a session code), field by field:
    // pino's own error serializer would copy every property, e.g. the raw body some errors carry.
    // Card numbers in the message or the stack are masked even when the logger does not mask.
    const failure = error as { name?: unknown; message?: unknown; stack?: unknown } | null;
    logger?.error(
      {
        err: {
          type: typeof failure?.name === 'string' ? failure.name : typeof error,
          message: maskCardNumbers(String(failure?.message ?? error)),
          stack: typeof failure?.stack === 'string' ? maskCardNumbers(failure.stack) : undefined,
        },
      },
      'sandbox: erro inesperado',
    );
    sendError(res, 500, 'Erro interno no sandbox. Tente novamente.', 'error');
  };
}
