import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { maskLogLine } from '../log-mask.ts';

/**
 * Structured logs with one request id per call. What is written is chosen field by field
 * (never whole headers, never bodies, never query strings), so session codes, cookies,
 * Authorization, card data, documents and Tray tokens cannot reach a log line. No route logs a
 * request body, the card payment calls included (card-data-never-logged.test.ts proves it).
 *
 * Last line of defence (PCI DSS 3.3.1.2 / 3.4.1): every serialized line goes through `maskLogLine`
 * just before it is written, so a card number that slips into a message, an error message, a path
 * or a child logger's bindings shows only its first six and last four digits.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, base: undefined, hooks: { streamWrite: maskLogLine } }, destination);
}

const SESSION_PATH = /^(\/api\/session\/)[^/?#]+/;

/** The path only: query strings may hold Tray codes or tokens; session paths hold the code. */
export function loggablePath(url: string | undefined): string {
  const path = (url ?? '').split('?')[0] ?? '';
  return path.replace(SESSION_PATH, '$1[redacted]');
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function createHttpLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: loggablePath(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      // pino-http invents an Error (with a stack) for every 5xx; the reason below says more in less.
      err: (err: { type?: string; name?: string; message?: string }) => ({
        type: err.type ?? err.name,
        message: err.message,
      }),
    },
    /** Why the backend could not be reached (kind and system code only: no host, port or path). */
    customProps: (_req, res) => {
      const failure = (res as { locals?: { upstreamFailure?: unknown } }).locals?.upstreamFailure;
      return failure ? { upstream: failure } : {};
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
  });
}
