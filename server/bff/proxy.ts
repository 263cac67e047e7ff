import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { Pool, errors as undiciErrors } from 'undici';
import type { BffConfig } from './config.ts';
import { type BffErrorKind, sendError } from './errors.ts';

/**
 * Forwards a call to the commerce backend over a keep-alive connection pool.
 *
 * Only named request headers go upstream (an allow-list, so a client-set Authorization,
 * Cookie or hop-by-hop header never does), plus the session's bearer credential when the
 * caller has one. Only named answer headers come back (no upstream Set-Cookie, no server
 * banners). Any failure to reach the backend becomes the envelope with 502, 503 or 504.
 */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'if-none-match',
  'if-modified-since',
  'user-agent',
] as const;

const RETURNED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'vary',
] as const;

/** Card payments may take the provider a while: they get their own, longer timeout. */
const PAYMENT_PATH = /^\/api\/order\/payment\//;

export type Upstream = {
  forward(req: Request, res: Response, next: NextFunction, bearer?: string): Promise<void>;
  /** A plain GET whose JSON answer the BFF reads itself (session open). */
  getJson(path: string, bearer: string): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
};

export function createUpstream(config: BffConfig): Upstream {
  const base = new URL(config.commerceApiUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, {
    connections: 128,
    keepAliveTimeout: 30_000,
    connect: { timeout: config.upstream.connectTimeoutMs },
  });

  function timeoutFor(path: string) {
    return PAYMENT_PATH.test(path) ? config.upstream.paymentTimeoutMs : config.upstream.timeoutMs;
  }

  function upstreamHeaders(req: Request, bearer?: string): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const requestId = req.id;
    if (typeof requestId === 'string') headers['x-request-id'] = requestId;
    if (req.ip) headers['x-forwarded-for'] = req.ip;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    return headers;
  }

  function copyResponseHeaders(from: IncomingHttpHeaders, res: Response) {
    for (const name of RETURNED_RESPONSE_HEADERS) {
      const value = from[name];
      if (value !== undefined) res.setHeader(name, value);
    }
  }

  async function forward(req: Request, res: Response, _next: NextFunction, bearer?: string) {
    const path = basePath + req.originalUrl;
    const call = deadline(timeoutFor(req.originalUrl));
    // The shopper left (closed the tab, navigated away): stop waiting on the backend too.
    const onClose = () => {
      if (!res.writableFinished) call.abort(CLIENT_GONE);
    };
    res.once('close', onClose);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    try {
      const answer = await pool.request({
        path,
        method: req.method as 'GET',
        headers: upstreamHeaders(req, bearer),
        body: hasBody ? req : undefined,
        signal: call.signal,
        ...call.backstop,
      });
      res.status(answer.statusCode);
      copyResponseHeaders(answer.headers, res);
      for await (const chunk of answer.body) {
        if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    } catch (error) {
      if (call.signal.reason === CLIENT_GONE) return;
      if (res.headersSent) {
        // The answer already started: the only honest thing left is to cut it.
        res.destroy();
        return;
      }
      sendUpstreamFailure(res, call.timedOut() ? new UpstreamTimeout() : error);
    } finally {
      call.done();
      res.off('close', onClose);
    }
  }

  async function getJson(path: string, bearer: string) {
    const call = deadline(config.upstream.timeoutMs);
    let text: string;
    let status: number;
    try {
      const answer = await pool.request({
        path: basePath + path,
        method: 'GET',
        headers: { accept: 'application/json', authorization: `Bearer ${bearer}` },
        signal: call.signal,
        ...call.backstop,
      });
      status = answer.statusCode;
      text = await answer.body.text();
    } catch (error) {
      throw call.timedOut() ? new UpstreamTimeout() : error;
    } finally {
      call.done();
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new UpstreamGarbage();
    }
    return { status, body };
  }

  return { forward, getJson, close: () => pool.close() };
}

/** The backend answered something that is not JSON. */
export class UpstreamGarbage extends Error {}
/** The BFF's own deadline passed (see `deadline`). */
class UpstreamTimeout extends Error {}

const CLIENT_GONE = Symbol('client gone');
const TIMED_OUT = Symbol('timed out');

/**
 * undici's own timeouts run on a coarse clock (a 300 ms timeout fires after up to a second),
 * so the BFF keeps its own precise deadline and leaves undici's only as a backstop.
 */
function deadline(ms: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMED_OUT), ms);
  return {
    signal: controller.signal,
    abort: (reason: unknown) => controller.abort(reason),
    timedOut: () => controller.signal.reason === TIMED_OUT,
    done: () => clearTimeout(timer),
    backstop: { headersTimeout: ms + 1_000, bodyTimeout: ms + 1_000 },
  };
}

/** Maps a failure to reach the backend to what the shopper's browser is told. */
export function kindOf(error: unknown): BffErrorKind {
  if (error instanceof UpstreamTimeout) return 'upstream_timeout';
  if (error instanceof UpstreamGarbage) return 'upstream_unreachable';
  if (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError
  ) {
    return 'upstream_timeout';
  }
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') {
    return 'upstream_unavailable';
  }
  return 'upstream_unreachable';
}

/** Answers the envelope for a backend that could not be reached, and notes why for the log line. */
export function sendUpstreamFailure(res: Response, error: unknown): void {
  const kind = kindOf(error);
  // Kind and system error code only: never a host, port or path.
  res.locals.upstreamFailure = { kind, code: (error as { code?: string } | null)?.code };
  sendError(res, kind);
}
