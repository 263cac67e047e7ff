import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import typeIs from 'type-is';
import { type Dispatcher, Pool, errors as undiciErrors } from 'undici';
import { type AllowedRoute, createAllowList } from './allow-list.ts';
import { CircuitBreakers } from './breaker.ts';
import type { CallResponse } from './call-response.ts';
import type { BffConfig } from './config.ts';
import { createEnvelopeCheck } from './envelope-check.ts';
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

/** One call to forward: its whole path and query, and who made it (for X-Forwarded-For). */
export type ForwardedCall = { url: string; clientIp: string | undefined; bearer?: string };

export type Upstream = {
  /** Works on Node's own request and response: Express' routes and proxied-calls.ts both use it. */
  forward(req: IncomingMessage, res: CallResponse, call: ForwardedCall): Promise<void>;
  /** A plain GET whose JSON answer the BFF reads itself (session open). */
  getJson(path: string, bearer: string): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
};

/** Connection-level failures: the call may not have reached the backend at all. */
const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
]);

const codeOf = (error: unknown): string | undefined => {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
};

export const isConnectionFailure = (error: unknown): boolean => {
  const code = codeOf(error);
  return code !== undefined && CONNECTION_FAILURES.has(code);
};

/** Counts for the breaker: the backend could not be reached, or did not answer in time. */
const isBreakerFailure = (error: unknown): boolean =>
  error instanceof UpstreamTimeout ||
  error instanceof undiciErrors.ConnectTimeoutError ||
  error instanceof undiciErrors.HeadersTimeoutError ||
  error instanceof undiciErrors.BodyTimeoutError ||
  isConnectionFailure(error);

/** The jitter before the one retry of a GET: 50 to 150 ms. */
export const retryJitterMs = () => 50 + Math.random() * 100;

export function createUpstream(config: BffConfig): Upstream {
  const base = new URL(config.commerceApiUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, {
    connections: 128,
    keepAliveTimeout: 30_000,
    connect: { timeout: config.upstream.connectTimeoutMs },
  });
  const allowList = createAllowList({ sandboxRoutes: config.sandboxRoutes });
  const breakers = new CircuitBreakers(config.breaker);
  const envelope = createEnvelopeCheck();
  /** Why an answer is not the backend's JSON envelope, or undefined when it is (or has no body). */
  const checkEnvelope = (
    route: AllowedRoute,
    method: string,
    answer: Dispatcher.ResponseData,
    bytes: Buffer | typeof NO_BODY,
  ) => (bytes === NO_BODY ? undefined : envelope.problemWith(route, method, answer.headers, bytes));
  /**
   * When the last connection failure happened (any group: they share one backend host). A GET is
   * retried only while the backend has been healthy for a cool-down, so a dead backend is answered
   * at once instead of after a retry's jitter, and a retry never adds load to a failing backend.
   */
  let lastConnectionFailure = Number.NEGATIVE_INFINITY;

  function timeoutFor(path: string) {
    return PAYMENT_PATH.test(path) ? config.upstream.paymentTimeoutMs : config.upstream.timeoutMs;
  }

  function upstreamHeaders(req: IncomingMessage, res: CallResponse, call: ForwardedCall) {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const requestId: unknown = res.locals.requestId;
    if (typeof requestId === 'string') headers['x-request-id'] = requestId;
    if (call.clientIp) headers['x-forwarded-for'] = call.clientIp;
    if (call.bearer) headers.authorization = `Bearer ${call.bearer}`;
    return headers;
  }

  function copyResponseHeaders(from: IncomingHttpHeaders, res: ServerResponse, withLength: boolean) {
    for (const name of RETURNED_RESPONSE_HEADERS) {
      if (name === 'content-length' && !withLength) continue;
      const value = from[name];
      if (value !== undefined) res.setHeader(name, value);
    }
  }

  /** One call upstream; a retryable GET is tried once more after a connection failure. */
  async function send(
    options: { path: string; method: string; headers: Record<string, string>; body?: Buffer },
    route: AllowedRoute,
    call: Deadline,
  ): Promise<Dispatcher.ResponseData> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await pool.request({
          path: options.path,
          method: options.method as 'GET',
          headers: options.headers,
          body: options.body,
          signal: call.signal,
          ...call.backstop,
        });
      } catch (error) {
        if (!isConnectionFailure(error) || call.signal.aborted) throw error;
        const now = performance.now();
        const healthy = now - lastConnectionFailure > config.breaker.cooldownMs;
        lastConnectionFailure = now;
        if (attempt > 0 || !route.retryable || !healthy) throw error;
        await sleep(retryJitterMs(), call.signal);
        if (call.signal.aborted) throw error;
      }
    }
  }

  /** Calls upstream through the route group's breaker. */
  async function exchange<T>(
    route: AllowedRoute,
    call: Deadline,
    run: () => Promise<T>,
  ): Promise<T | typeof CIRCUIT_OPEN> {
    const admission = breakers.admit(route.group);
    if (admission === 'refused') return CIRCUIT_OPEN;
    try {
      const result = await run();
      breakers.success(route.group);
      return result;
    } catch (error) {
      if (call.signal.reason === CLIENT_GONE) breakers.release(route.group, admission);
      else if (call.timedOut() || isBreakerFailure(error)) breakers.failure(route.group);
      else breakers.success(route.group);
      throw error;
    }
  }

  async function forward(req: IncomingMessage, res: CallResponse, forwarded: ForwardedCall) {
    const pathname = forwarded.url.split('?')[0] ?? '/';
    const matched = allowList.match(req.method ?? '', pathname);
    if (matched.kind === 'not_found') {
      sendError(res, 'not_found');
      return;
    }
    if (matched.kind === 'bad_params') {
      sendError(res, 'bad_request', 'Endereço com um parâmetro inválido.');
      return;
    }
    const { route } = matched;

    let body: Buffer | undefined;
    if (req.method === 'POST') {
      const read = await readRequestBody(req, config.bodyLimitBytes);
      if (read.kind === 'gone') return;
      if (read.kind === 'too_large') {
        res.setHeader('Connection', 'close');
        sendError(res, 'payload_too_large');
        return;
      }
      if (read.body.length > 0) {
        if (!typeIs.is(req.headers['content-type'] ?? '', ['json'])) {
          sendError(res, 'unsupported_media_type');
          return;
        }
        try {
          JSON.parse(read.body.toString('utf8'));
        } catch {
          sendError(res, 'bad_request', 'O corpo da requisição não é um JSON válido.');
          return;
        }
        body = read.body;
      }
    }

    const call = deadline(timeoutFor(pathname));
    // The shopper left (closed the tab, navigated away): stop waiting on the backend too.
    const onClose = () => {
      if (!res.writableFinished) call.abort(CLIENT_GONE);
    };
    res.once('close', onClose);
    const headers = upstreamHeaders(req, res, forwarded);
    if (body) headers['content-type'] = 'application/json';
    else delete headers['content-type'];
    try {
      const outcome = await exchange(route, call, async () => {
        const answer = await send(
          { path: basePath + forwarded.url, method: req.method ?? 'GET', headers, body },
          route,
          call,
        );
        if (route.answer === 'raw') {
          // Media: streamed as it comes, never held in memory.
          res.statusCode = answer.statusCode;
          copyResponseHeaders(answer.headers, res, true);
          for await (const chunk of answer.body) {
            if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
          }
          res.end();
          return;
        }
        const bytes = await readAnswer(answer, config.upstream.maxAnswerBytes);
        const problem = checkEnvelope(route, req.method ?? 'GET', answer, bytes);
        if (problem) {
          res.locals.upstreamFailure = { kind: 'upstream_invalid', reason: problem };
          sendError(res, 'upstream_invalid');
          return;
        }
        res.statusCode = answer.statusCode;
        copyResponseHeaders(answer.headers, res, false);
        if (bytes === NO_BODY) {
          res.end();
          return;
        }
        res.setHeader('content-length', String(bytes.length));
        res.end(bytes);
      });
      if (outcome === CIRCUIT_OPEN) {
        res.locals.upstreamFailure = { kind: 'upstream_unavailable', circuit: route.group };
        sendError(res, 'upstream_unavailable');
      }
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
    const matched = allowList.match('GET', path);
    if (matched.kind !== 'allowed') throw new Error('getJson: a path outside the allow-list');
    const { route } = matched;
    const call = deadline(config.upstream.timeoutMs);
    try {
      const outcome = await exchange(route, call, async () => {
        const answer = await send(
          {
            path: basePath + path,
            method: 'GET',
            headers: { accept: 'application/json', authorization: `Bearer ${bearer}` },
          },
          route,
          call,
        );
        const bytes = await readAnswer(answer, config.upstream.maxAnswerBytes);
        if (bytes === NO_BODY || checkEnvelope(route, 'GET', answer, bytes)) throw new UpstreamGarbage();
        return { status: answer.statusCode, body: JSON.parse(bytes.toString('utf8')) as unknown };
      });
      if (outcome === CIRCUIT_OPEN) throw new CircuitOpen();
      return outcome;
    } catch (error) {
      throw call.timedOut() ? new UpstreamTimeout() : error;
    } finally {
      call.done();
    }
  }

  return { forward, getJson, close: () => pool.close() };
}

const CIRCUIT_OPEN = Symbol('circuit open');
const NO_BODY = Symbol('no body');

/** Reads a POST body up to the limit, without parsing it. */
function readRequestBody(
  req: IncomingMessage,
  limit: number,
): Promise<{ kind: 'ok'; body: Buffer } | { kind: 'too_large' } | { kind: 'gone' }> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve({ kind: 'too_large' });
  }
  if (req.readableEnded) return Promise.resolve({ kind: 'ok', body: Buffer.alloc(0) });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.resume();
        resolve({ kind: 'too_large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve({ kind: 'ok', body: Buffer.concat(chunks, size) });
    };
    const onGone = () => {
      cleanup();
      resolve({ kind: 'gone' });
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onGone);
    req.once('close', onGone);
  });
}

/**
 * The whole answer, up to a cap (beyond it: garbage); no body for 204, 304 and HEAD. Read with the
 * stream's events rather than `for await`, whose async iterator costs more than the read itself.
 */
function readAnswer(answer: Dispatcher.ResponseData, max: number): Promise<Buffer | typeof NO_BODY> {
  if (answer.statusCode === 204 || answer.statusCode === 304) {
    return answer.body.dump().then(() => NO_BODY);
  }
  const body = answer.body;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        fail(new UpstreamGarbage('too_large'));
        body.destroy();
        return;
      }
      chunks.push(chunk);
    };
    body.on('data', onData);
    body.once('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks, size));
    });
    // Closed before its end without an error: cut as well. (The error listener stays: a late error
    // must not become an uncaught one.)
    body.once('close', () => {
      if (!settled) fail(new Error('premature close'));
    });
    body.on('error', fail);
    function fail(error: unknown) {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      // Cut mid-answer (truncated body): what came is of no use. A timeout or abort stays one.
      if (
        error instanceof UpstreamGarbage ||
        error instanceof undiciErrors.BodyTimeoutError ||
        error instanceof undiciErrors.RequestAbortedError ||
        (error as Error | null)?.name === 'AbortError'
      ) {
        reject(error);
        return;
      }
      reject(new UpstreamGarbage('cut'));
    }
  });
}

function sleep(ms: number, signal: CallSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeListener('abort', done);
      resolve();
    }
    signal.once('abort', done);
  });
}

/** The backend answered something that is not its JSON envelope (or cut it, or sent too much). */
export class UpstreamGarbage extends Error {}
/** The route group's circuit is open: the backend was not called. */
export class CircuitOpen extends Error {}
/** The BFF's own deadline passed (see `deadline`). */
class UpstreamTimeout extends Error {}

const CLIENT_GONE = Symbol('client gone');
const TIMED_OUT = Symbol('timed out');

/**
 * A call's abort signal, for undici (which takes an EventEmitter as well as an AbortSignal) and for
 * `sleep`: the same `aborted`, `reason` and 'abort' event as an AbortController's signal, at a
 * fraction of its cost per call (an AbortSignal is an EventTarget, slow to make and to listen to).
 */
class CallSignal extends EventEmitter {
  aborted = false;
  reason: unknown;

  abort(reason: unknown) {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }
}

/**
 * undici's own timeouts run on a coarse clock (a 300 ms timeout fires after up to a second),
 * so the BFF keeps its own precise deadline and leaves undici's only as a backstop.
 */
type Deadline = ReturnType<typeof deadline>;

function deadline(ms: number) {
  const signal = new CallSignal();
  const timer = setTimeout(() => signal.abort(TIMED_OUT), ms);
  return {
    signal,
    abort: (reason: unknown) => signal.abort(reason),
    timedOut: () => signal.reason === TIMED_OUT,
    done: () => clearTimeout(timer),
    backstop: { headersTimeout: ms + 1_000, bodyTimeout: ms + 1_000 },
  };
}

/** Maps a failure to reach the backend to what the shopper's browser is told. */
export function kindOf(error: unknown): BffErrorKind {
  if (error instanceof UpstreamTimeout) return 'upstream_timeout';
  if (error instanceof UpstreamGarbage) return 'upstream_invalid';
  if (error instanceof CircuitOpen) return 'upstream_unavailable';
  if (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError
  ) {
    return 'upstream_timeout';
  }
  const code = codeOf(error);
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') {
    return 'upstream_unavailable';
  }
  return 'upstream_unreachable';
}

/** Answers the envelope for a backend that could not be reached, and notes why for the log line. */
export function sendUpstreamFailure(res: CallResponse, error: unknown): void {
  const kind = kindOf(error);
  // Kind and system error code only: never a host, port or path.
  res.locals.upstreamFailure = {
    kind,
    code: codeOf(error),
    ...(error instanceof UpstreamGarbage && error.message ? { reason: error.message } : {}),
  };
  sendError(res, kind);
}
