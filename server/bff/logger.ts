import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import pino, { type DestinationStream, type Logger } from 'pino';
import { batchedStdout } from '../log-destination.ts';
import { maskLogLine } from '../log-mask.ts';
import { requestIdFor } from './request-id.ts';

/**
 * Structured logs, one line per call, that hold nothing which needs hiding: never the raw path,
 * query, headers or body. A call is logged by what the BFF made of it: the route template it matched
 * ('/api/catalog/products/:id') and, for the parameters that template names as loggable (a product
 * id, never a CEP or a session code), a keyed hash of each (`loggedParam`), never the value itself;
 * the status, the time, and, when the backend could not be reached, why (kind and system code only).
 * A path that matched nothing is logged without it, so '/API/session/<code>', '//api/session/…' or
 * '…%ZZ' leave no trace of what they carried. Request ids are the BFF's own (a caller's is kept
 * only when it is a UUID). Error messages logged are ours.
 *
 * Last line of defence (PCI DSS 3.3.1.2 / 3.4.1): every serialized line still goes through
 * `maskLogLine` (linear in the line: server/log-mask.ts) before it is written.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    { level, base: undefined, hooks: { streamWrite: maskLogLine } },
    // Standard output, one write per turn of the event loop (log-destination.ts).
    destination ?? batchedStdout(),
  );
}

declare module 'http' {
  interface ServerResponse {
    /** What went wrong with this call, in our words (a `LoggedError`): its log line says it. */
    err?: Error | undefined;
  }
}

/** An error as logged: our own type and message, set by the code that met it (never the input). */
export class LoggedError extends Error {
  constructor(type: string, message: string) {
    super(message);
    this.name = type;
  }
}

/**
 * The key of the parameters' hashes: random, made once per process, never logged nor configured.
 * Lines about one product within a process share its hash, and nobody holding the log alone can
 * read a value back or try candidates offline (a plain SHA-256 of a CPF could be: there are only
 * 10⁹ of them).
 */
const PARAM_KEY = randomBytes(32);

/**
 * A path parameter as the log shows it: 'hmac:' and the first 12 hex digits (48 bits) of its
 * HMAC-SHA256 under the process's key. Whatever the caller put there (a card number, a CPF, a
 * session code that the backend answered 200 to anyway), the line holds none of it.
 */
export function loggedParam(value: string): string {
  return `hmac:${createHmac('sha256', PARAM_KEY).update(value).digest('hex').slice(0, 12)}`;
}

/** What a call's own steps note for its log line (res.locals). */
type CallNotes = {
  requestId?: string;
  /** `performance.now()` when the call reached the logger. */
  loggedFrom?: number;
  route?: string;
  call?: string;
  /** The parameters the call's template names as loggable, as the caller sent them (raw). */
  loggedParams?: Record<string, string>;
  upstreamFailure?: unknown;
};

type NotedResponse = ServerResponse & { locals: CallNotes; req: Request };

/** The loggable parameters, each as its hash; undefined when there are none. */
function hashedParams(raw: Record<string, string> | undefined): Record<string, string> | undefined {
  if (raw === undefined) return undefined;
  let hashed: Record<string, string> | undefined;
  for (const name in raw) {
    hashed ??= {};
    hashed[name] = loggedParam(raw[name] ?? '');
  }
  return hashed;
}

/**
 * The request as logged: method and what it matched. The parameters its template calls loggable,
 * hashed, only when the call was answered with a success (fewer lines carry them).
 */
function requestEntry(res: NotedResponse, notes: CallNotes) {
  const req = res.req;
  const route = notes.route ?? (typeof req.route?.path === 'string' ? (req.route.path as string) : undefined);
  const succeeded = res.headersSent && res.statusCode < 400;
  return {
    method: req.method,
    route: route || undefined,
    call: notes.call || undefined,
    params: succeeded ? hashedParams(notes.loggedParams) : undefined,
  };
}

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/**
 * The request logger: gives each call its id (`x-request-id`, `res.locals.requestId`) and writes
 * its one line once the answer is done, or the connection closed before it was ('request
 * aborted'). No child logger and no closure per call: one listener, shared by every call, reads what
 * it needs from the response and its locals. Health and readiness probes are not logged.
 *
 * Level: error for a 5xx or a call with an error (`res.err`), warn for a 4xx, info otherwise. Fields
 * left undefined are not written (pino skips them).
 */
export function httpLogger(logger: Logger): RequestHandler {
  function onDone(this: NotedResponse) {
    const notes = this.locals;
    const status = this.statusCode;
    const error = this.err;
    const failed = error !== undefined || status >= 500;
    const level = failed ? 'error' : status >= 400 ? 'warn' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        reqId: notes.requestId,
        req: requestEntry(this, notes),
        upstream: notes.upstreamFailure || undefined,
        res: { statusCode: this.headersSent ? status : null },
        err: failed
          ? error instanceof LoggedError
            ? { type: error.name, message: error.message }
            : { type: 'Error' }
          : undefined,
        responseTime: Math.round(performance.now() - (notes.loggedFrom ?? 0)),
      },
      failed ? 'request errored' : this.writableFinished ? 'request completed' : 'request aborted',
    );
  }

  return (req, res, next) => {
    const notes = res.locals as CallNotes;
    const id = requestIdFor(req.headers['x-request-id']);
    res.setHeader('x-request-id', id);
    notes.requestId = id;
    // Probes every few seconds would drown the log.
    if (!HEALTH_PATHS.has(req.url)) {
      notes.loggedFrom = performance.now();
      // 'close' comes once per answer, finished or cut (after 'finish' when it finished). `on`, not
      // `once`: `once` would wrap the listener in a new closure on every call.
      res.on('close', onDone);
    }
    next();
  };
}
