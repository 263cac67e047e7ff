import { IncomingMessage, type ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import pino, { type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { batchedStdout } from '../log-destination.ts';
import { maskLogLine } from '../log-mask.ts';
import { requestIdFor } from './request-id.ts';

/**
 * Structured logs, one line per call (pino-http), that hold nothing which needs hiding: never the
 * raw path, query, headers or body. A call is logged by what the BFF made of it: the route template
 * it matched ('/api/catalog/products/:id') and the parameters that template names as safe (a product
 * id, never a CEP or a session code), the status, the time, and, when the backend could not be
 * reached, why (kind and system code only). A path that matched nothing is logged without it, so
 * '/API/session/<code>', '//api/session/…' or '…%ZZ' leave no trace of what they carried. Request
 * ids are the BFF's own (a caller's is kept only when it is a UUID). Error messages logged are ours.
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

/** What a call's own steps note for its log line (res.locals). */
type CallNotes = {
  requestId?: string;
  route?: string;
  call?: string;
  loggedParams?: Record<string, string>;
  upstreamFailure?: unknown;
};

const notesOf = (res: ServerResponse): CallNotes =>
  (res as ServerResponse & { locals?: CallNotes }).locals ?? {};

/**
 * The request as logged: id, method and what it matched. The parameters its template calls safe only
 * when the call was answered with a success: an id the backend found is a catalogue id, while one it
 * (or the BFF) refused may be anything a caller typed in its place, a card number or a CPF included.
 */
function requestEntry(req: IncomingMessage, res: ServerResponse) {
  const notes = notesOf(res);
  const expressRoute = (req as Request).route as { path?: unknown } | undefined;
  const route = notes.route ?? (typeof expressRoute?.path === 'string' ? expressRoute.path : undefined);
  const succeeded = res.headersSent && res.statusCode < 400;
  return {
    method: req.method,
    ...(route ? { route } : {}),
    ...(notes.call ? { call: notes.call } : {}),
    ...(succeeded && notes.loggedParams && Object.keys(notes.loggedParams).length > 0
      ? { params: notes.loggedParams }
      : {}),
  };
}

/** An error as logged: our own type and message, set by the code that met it (never the input). */
export class LoggedError extends Error {
  constructor(type: string, message: string) {
    super(message);
    this.name = type;
  }
}

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** The request logger: gives each call its id and writes its line once its answer is done. */
export function httpLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    // No logger bound to the whole request object (pino would serialize all of it, on every call,
    // whether or not it is written): the line carries the request id (`reqId`) and the fields below.
    quietReqLogger: true,
    quietResLogger: true,
    wrapSerializers: false,
    // pino-http still binds the raw request to a child logger on every call; pino would serialize all
    // of it there and then. Nothing of it is ever written, so it serializes to nothing; the `req` of a
    // line is the entry built below.
    serializers: { req: (value: unknown) => (value instanceof IncomingMessage ? undefined : value) },
    genReqId: (req, res) => {
      const id = requestIdFor(req.headers['x-request-id']);
      res.setHeader('x-request-id', id);
      (res as ServerResponse & { locals?: CallNotes }).locals ??= {};
      notesOf(res).requestId = id;
      return id;
    },
    // Probes every few seconds would drown the log.
    autoLogging: { ignore: (req) => HEALTH_PATHS.has(req.url ?? '') },
    customLogLevel: (_req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      return res.statusCode >= 400 ? 'warn' : 'info';
    },
    customSuccessObject: (req, res, value: { responseTime: number }) => ({
      req: requestEntry(req, res),
      ...(notesOf(res).upstreamFailure ? { upstream: notesOf(res).upstreamFailure } : {}),
      res: { statusCode: res.headersSent ? res.statusCode : null },
      responseTime: value.responseTime,
    }),
    customErrorObject: (req, res, error, value: { responseTime: number }) => ({
      req: requestEntry(req, res),
      ...(notesOf(res).upstreamFailure ? { upstream: notesOf(res).upstreamFailure } : {}),
      res: { statusCode: res.headersSent ? res.statusCode : null },
      err: error instanceof LoggedError ? { type: error.name, message: error.message } : { type: 'Error' },
      responseTime: value.responseTime,
    }),
    customSuccessMessage: (_req, res) => (res.writableFinished ? 'request completed' : 'request aborted'),
    customErrorMessage: () => 'request errored',
  }) as unknown as RequestHandler;
}
