import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import pino, { type DestinationStream, type Logger } from 'pino';
import { batchedStdout } from '../log-destination.ts';
import { maskLogLine } from '../log-mask.ts';
import type { CallResponse } from './call-response.ts';
import { requestIdFor } from './request-id.ts';

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
  return pino(
    { level, base: undefined, hooks: { streamWrite: maskLogLine } },
    // Standard output, one write per turn of the event loop (log-destination.ts).
    destination ?? batchedStdout(),
  );
}

const SESSION_PATH = /^(\/api\/session\/)[^/?#]+/;

/** The path only: query strings may hold Tray codes or tokens; session paths hold the code. */
export function loggablePath(url: string | undefined): string {
  const raw = url ?? '';
  const queryAt = raw.indexOf('?');
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  // Every call is logged: the regular expression runs only where a code can be.
  return path.startsWith('/api/session/') ? path.replace(SESSION_PATH, '$1[redacted]') : path;
}

type LoggedError = { type?: string; name?: string; message?: string };

export type HttpLogger = {
  /** A request id for the call, then one line when its answer is done. */
  begin(req: IncomingMessage, res: CallResponse): void;
  /** The same as Express middleware, for every call but the health checks. */
  handler: RequestHandler;
  /** The error handler's line for a call that failed, with the call's own fields. */
  failed(req: IncomingMessage, res: CallResponse, error: LoggedError): void;
};

/**
 * One line per call, when its answer is done (level by status: error for 5xx, warn for 4xx), with
 * the request id, method and path, the status, the response time and, when the backend could not
 * be reached, why (kind and system code only: no host, port or path). The same lines pino-http
 * wrote, without its cost per call: it made two child loggers for every call (one holding the
 * request, whether or not anything else was logged), three listeners and an Error with a stack for
 * every 5xx. Here a call costs one 'close' and one 'error' listener, and the request's fields are
 * read once, when its line is written.
 */
export function createHttpLogger(logger: Logger): HttpLogger {
  const log = logger.child(
    {},
    {
      serializers: {
        // An error is its type and message: never a stack, never its other fields.
        err: (err: LoggedError) => ({
          type: err.type ?? (err instanceof Error ? err.constructor.name : err.name),
          message: err.message,
        }),
      },
    },
  );

  // Express rewrites `url` while a call runs through a mounted router; `originalUrl` keeps it whole.
  const requestFields = (req: IncomingMessage & { originalUrl?: string }, id: string) => ({
    id,
    method: req.method,
    path: loggablePath(req.originalUrl ?? req.url),
  });

  /** The call's id, on its answer (for the caller's trail) and in its notes (for its log line). */
  function assignRequestId(req: IncomingMessage, res: CallResponse): string {
    const id = requestIdFor(req.headers['x-request-id']);
    res.setHeader('x-request-id', id);
    res.locals.requestId = id;
    return id;
  }

  function begin(req: IncomingMessage, res: CallResponse) {
    const id = assignRequestId(req, res);
    const started = Date.now();
    // 'close' follows every answer, finished or cut; an 'error' on the response is logged too (and
    // never left without a listener while the call runs).
    const onClose = () => {
      res.off('error', onError);
      done();
    };
    const onError = (error: unknown) => {
      res.off('close', onClose);
      done(error as LoggedError);
    };
    res.once('close', onClose);
    res.once('error', onError);

    function done(error?: LoggedError) {
      const failed = error !== undefined || res.statusCode >= 500;
      const level = failed ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      if (!log.isLevelEnabled(level)) return;
      const failure: unknown = res.locals.upstreamFailure;
      // Before any header went out (the shopper left first) there is no status to report.
      const statusCode = res.headersSent ? res.statusCode : null;
      const responseTime = Date.now() - started;
      const message = failed
        ? 'request errored'
        : !req.readableAborted && res.writableEnded
          ? 'request completed'
          : 'request aborted';
      if (!failed && !failure) {
        writeCallLine(level, requestFields(req, id), statusCode, responseTime, message);
        return;
      }
      const entry: Record<string, unknown> = { req: requestFields(req, id) };
      if (failure) entry.upstream = failure;
      entry.res = { statusCode };
      if (failed) {
        entry.err = error ?? { type: 'Error', message: `failed with status code ${res.statusCode}` };
      }
      entry.responseTime = responseTime;
      log[level](entry, message);
    }
  }

  // The line of a call that went well (or was the caller's fault) is the line of nearly every call:
  // written here, in the very shape pino writes (its level number and time, the logger's bindings,
  // the same fields in the same order), through the same masking and to the same destination.
  // pino's generic path (a serializer per key, then a safe stringify of each nested object) cost a
  // quarter of the BFF's time per call. Failures, rare and with more fields, still go through pino.
  const destination = (log as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
  const bindings = (log as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
  function writeCallLine(
    level: 'info' | 'warn' | 'error',
    fields: { id: string; method: string | undefined; path: string },
    statusCode: number | null,
    responseTime: number,
    message: string,
  ) {
    if (!destination) {
      log[level]({ req: fields, res: { statusCode }, responseTime }, message);
      return;
    }
    const line =
      `{"level":${log.levels.values[level]},"time":${Date.now()}${bindings},` +
      `"req":{"id":${JSON.stringify(fields.id)},"method":${JSON.stringify(fields.method ?? '')},` +
      `"path":${JSON.stringify(fields.path)}},"res":{"statusCode":${statusCode}},` +
      `"responseTime":${responseTime},"msg":${JSON.stringify(message)}}\n`;
    destination.write(maskLogLine(line));
  }

  const handler: RequestHandler = (req, res, next) => {
    // Health checks get an id but no line: probes every few seconds would drown the log.
    if (req.url === '/healthz' || req.url === '/readyz') assignRequestId(req, res);
    else begin(req, res);
    next();
  };

  return {
    begin,
    handler,
    failed(req, res, error) {
      const id = res.locals.requestId as string | undefined;
      // Only calls that reached the logger (not the health checks answered before it).
      if (id !== undefined) log.error({ req: requestFields(req, id), err: error }, 'request failed');
    },
  };
}
