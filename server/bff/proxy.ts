import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  CircuitState,
  circuitBreaker,
  handleWhen,
  type IBackoffFactory,
  type IPolicy,
  retry,
  SamplingBreaker,
  wrap,
} from 'cockatiel';
import { type Dispatcher, Pool, errors as undiciErrors } from 'undici';
import { ANONYMOUS_SESSION_CODE, VISITOR_ID_HEADER } from '../../src/contract/session-code.ts';
import { type AnswerCache, createAnswerCache, type KeptAnswer } from './answer-cache.ts';
import type { BreakerGroup, PolicyName } from './call-policy.ts';
import { type CallRoute, SESSION_READ_ROUTE, TRANSFER_REDEEM_ROUTE, upstreamPathOf } from './call-table.ts';
import type { BffConfig } from './config.ts';
import type { CallContext } from './dispatch.ts';
import { envelopeProblem } from './envelope-check.ts';
import { type BffErrorKind, sendError } from './errors.ts';
import type { BffMetrics } from './metrics.ts';
import { sessionCallGoesOn, sessionCodeFrom } from './session.ts';
import { anonymousCallLacksVisitor, visitorIdForCall } from './visitor.ts';

/**
 * Calls the commerce backend over a keep-alive connection pool (undici):
 * - with undici's own timeouts per call (longer for card payments: the policy's `timeout`);
 * - through cockatiel's policies, made once per route: one retry with jitter, for GETs without
 *   effects, after a connection failure only; then a circuit breaker per breaker group, which opens
 *   when the backend is DOWN: connections refused or reset, or 502/503/504 answers, for at least
 *   half of the calls of a sampling window with enough calls in it. A 502/503/504 counts only once
 *   `breaker.minClients` different clients met one within the window: a throttle or gateway in front
 *   of the backend answers 503 to one abusive client, and that client alone must not close the
 *   catalogue for every shopper. A slow answer is not a failure (the timeout answers that caller),
 *   nor is a 500 (one crafted call can provoke it).
 * The cap on calls in flight is the overload guard's (overload-guard.ts), before anything else runs.
 *
 * Only named request headers go upstream, plus the session's bearer credential (and, for the
 * anonymous session, the browser's visitor id: visitor.ts); only named answer headers come back.
 * A client's own X-Visitor-Id, like its Authorization or Cookie, is never among them. Every failure
 * becomes the envelope with our own Portuguese message: never the backend's own words for a 5xx,
 * which may name internal hosts.
 */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'user-agent'] as const;

/** Media (raw answers) keep their caching headers; JSON answers are the session's own: no-store. */
const RAW_RESPONSE_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified'];

/** A response with Express' `locals`, where a call's steps leave notes for its log line and metrics. */
export type CallResponse = ServerResponse & { locals: Record<string, unknown> };

type ForwardedCall = {
  route: CallRoute;
  /** The path built from the template and the checked parameters, plus the caller's query string. */
  path: string;
  clientIp: string | undefined;
  bearer?: string;
  /** The browser's visitor id (visitor.ts); sent only beside the bearer `anonymous-session`. */
  visitorId?: string;
  body?: Buffer;
  requestId: string;
};

export type Upstream = {
  /** The handle of every row the BFF forwards (dispatch.ts). */
  forward(call: CallContext): Promise<void>;
  /**
   * The answer of a call whose answers are kept for everyone (its policy's `cache`): kept, or read
   * upstream with nothing of the caller's (no session, no header of theirs) and kept when a 200 or a
   * 404. Throws as `getJson` does when the backend fails. The share link's page reads it too.
   */
  readKept(
    route: CallRoute,
    params: Record<string, string>,
    requestId: string,
    clientIp?: string,
  ): Promise<KeptAnswer>;
  /** A plain GET whose JSON answer the BFF reads itself (session open), with the visitor id of an anonymous one. */
  getJson(
    path: string,
    bearer: string,
    visitorId: string | undefined,
    clientIp: string | undefined,
  ): Promise<{ status: number; body: unknown }>;
  /**
   * The session transfer's redemption (session-open.ts): the token in a JSON body, no bearer (the
   * token names the session), the JSON answer read by the BFF itself and never passed on as it is.
   */
  redeemTransfer(token: string, clientIp: string | undefined): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
};

/** Connection-level failures: the backend could not be reached at all. */
const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
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

/** An answer read whole (or, for media, its head with the body still to stream). */
type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  bytes?: Buffer;
  stream?: Dispatcher.ResponseData;
  /** Who the call was made for (the breaker counts the clients that met a down answer). */
  client: string;
};

/** The backend says it is down (a gateway in front of it, or itself). */
const isDownStatus = (status: number) => status === 502 || status === 503 || status === 504;

/** Clients never kept beyond this many per breaker group (the oldest are dropped). */
const MAX_DOWN_CLIENTS = 10_000;

/**
 * Whether a down answer counts against its breaker: only once `minClients` different clients met
 * one within the window. One client's calls that a throttle answers 503 count as nothing.
 */
function downAnswerCounter(minClients: number, windowMs: number, now: () => number = Date.now) {
  const lastSeen = new Map<string, number>();
  return (answer: unknown): boolean => {
    const { status = 0, client = '' } = (answer as Partial<Answer> | null) ?? {};
    if (!isDownStatus(status)) return false;
    const at = now();
    lastSeen.delete(client);
    lastSeen.set(client, at);
    let recent = 0;
    for (const [key, seen] of lastSeen) {
      if (at - seen > windowMs || lastSeen.size > MAX_DOWN_CLIENTS) lastSeen.delete(key);
      else recent += 1;
    }
    return recent >= minClients;
  };
}

/** The wait before the one retry: 50 to 150 ms, at random, so retries of many callers spread out. */
export const retryJitterMs = () => 50 + Math.random() * 100;
const JITTER_50_TO_150_MS: IBackoffFactory<unknown> = {
  next: () => ({ duration: retryJitterMs(), next: () => JITTER_50_TO_150_MS.next(undefined) }),
};

const STATE_VALUE: Record<CircuitState, number> = {
  [CircuitState.Closed]: 0,
  [CircuitState.HalfOpen]: 1,
  [CircuitState.Open]: 2,
  [CircuitState.Isolated]: 2,
};

export function createUpstream(config: BffConfig, metrics: BffMetrics): Upstream {
  const base = new URL(config.commerceApiUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, {
    connections: 256,
    keepAliveTimeout: 30_000,
    connect: { timeout: config.upstream.connectTimeoutMs },
  });

  const retryOnce = retry(handleWhen(isConnectionFailure), { maxAttempts: 1, backoff: JITTER_50_TO_150_MS });
  const breakers = new Map<BreakerGroup, CircuitBreakerPolicy>();
  const breakerOf = (group: BreakerGroup) => {
    let breaker = breakers.get(group);
    if (!breaker) {
      breaker = circuitBreaker(
        handleWhen(isConnectionFailure).orWhenResult(
          downAnswerCounter(config.breaker.minClients, config.breaker.windowMs),
        ),
        {
          halfOpenAfter: config.breaker.cooldownMs,
          breaker: new SamplingBreaker({
            threshold: config.breaker.threshold,
            duration: config.breaker.windowMs,
            minimumRps: config.breaker.minCalls / (config.breaker.windowMs / 1000),
          }),
        },
      );
      metrics.breakerState.set({ group }, 0);
      breaker.onStateChange((state) => metrics.breakerState.set({ group }, STATE_VALUE[state]));
      breakers.set(group, breaker);
    }
    return breaker;
  };
  /** The policies of each route, made once. */
  const policies = new WeakMap<CallRoute, IPolicy>();
  const policyOf = (route: CallRoute): IPolicy => {
    let policy = policies.get(route);
    if (!policy) {
      const breaker = breakerOf(route.group);
      policy = route.retryable ? (wrap(retryOnce, breaker) as IPolicy) : breaker;
      policies.set(route, policy);
    }
    return policy;
  };
  const timeoutMs = {
    standard: config.upstream.timeoutMs,
    payment: config.upstream.paymentTimeoutMs,
  };

  /** One exchange with the backend, through the route's policies; the answer read unless it is media. */
  async function exchange(
    route: CallRoute,
    request: { path: string; method: string; headers: Record<string, string>; body?: Buffer; client: string },
    cancel: Cancel,
  ): Promise<Answer> {
    const stopTimer = upstreamTimerOf(route).startTimer();
    // Our own timer, not undici's: undici rounds its timeouts to its one-second clock.
    const timer = setTimeout(cancelForTimeout, timeoutMs[route.timeout], cancel);
    const options: Dispatcher.DispatchOptions = {
      path: basePath + request.path,
      method: request.method as 'GET',
      headers: request.headers,
      body: request.body,
      // Backstops only: the timer above cancels first.
      headersTimeout: config.upstream.paymentTimeoutMs + 1_000,
      bodyTimeout: config.upstream.paymentTimeoutMs + 1_000,
    };
    try {
      return await policyOf(route).execute(async () => {
        cancel.throwIfCancelled();
        if (route.answer === 'raw') {
          const answer = await pool.request({ ...options, signal: cancel.signal() });
          return {
            status: answer.statusCode,
            headers: answer.headers,
            stream: answer,
            client: request.client,
          };
        }
        const answer = await readWhole(pool, options, config.upstream.maxAnswerBytes, cancel);
        return { ...answer, client: request.client };
      });
    } catch (error) {
      throw cancel.reason ?? error;
    } finally {
      clearTimeout(timer);
      stopTimer();
    }
  }

  /** The backend-time histogram's child of each route, bound once. */
  const upstreamTimers = new WeakMap<CallRoute, { startTimer(): () => void }>();
  const upstreamTimerOf = (route: CallRoute) => {
    let timer = upstreamTimers.get(route);
    if (!timer) {
      timer = metrics.upstreamDuration.labels(route.path);
      upstreamTimers.set(route, timer);
    }
    return timer;
  };

  function upstreamHeaders(req: IncomingMessage, call: ForwardedCall) {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    headers['x-request-id'] = call.requestId;
    if (call.clientIp) headers['x-forwarded-for'] = call.clientIp;
    if (call.bearer) headers.authorization = `Bearer ${call.bearer}`;
    Object.assign(headers, visitorHeader(call.bearer, call.visitorId));
    if (call.body) headers['content-type'] = 'application/json';
    return headers;
  }

  const answerCaches = new Map<PolicyName, AnswerCache>();
  function cacheOf(route: CallRoute): AnswerCache {
    let cache = answerCaches.get(route.name);
    if (!cache) {
      if (!route.cache) throw new Error(`${route.name} has no cache policy`);
      cache = createAnswerCache(route.cache);
      answerCaches.set(route.name, cache);
    }
    return cache;
  }

  function readKept(
    route: CallRoute,
    params: Record<string, string>,
    requestId: string,
    clientIp?: string,
  ): Promise<KeptAnswer> {
    // Rebuilt from the checked parameters, each encoded again: the key is the product, never a spelling.
    const path = upstreamPathOf(route, params);
    return cacheOf(route).read(path, async () => {
      // The answer is everyone's: nothing of the caller's goes with it (no Accept-Language, no
      // user agent, no session), so no caller can make it differ for the next.
      const headers = { accept: 'application/json', 'x-request-id': requestId };
      // Not cancelled when this caller leaves: others may be waiting on the same call.
      const answer = await exchange(
        route,
        { path, method: 'GET', headers, client: clientIp ?? '' },
        new Cancel(),
      );
      const bytes = answer.bytes ?? Buffer.alloc(0);
      if (envelopeProblem(answer.headers, bytes)) throw new UpstreamGarbage();
      if (answer.status >= 500) throw new UpstreamFailed(answer.status);
      const type = answer.headers['content-type'];
      return {
        status: answer.status,
        contentType: typeof type === 'string' ? type : 'application/json; charset=utf-8',
        bytes,
      };
    });
  }

  /** A row whose answers are kept: from the cache, or read once upstream for everyone. */
  async function forwardKept({ req, res, route, params }: CallContext) {
    res.locals.forwarded = true;
    try {
      const answer = await readKept(route, params, String(res.locals.requestId ?? ''), req.ip);
      res.locals.outcome = 'ok';
      res.statusCode = answer.status;
      res.setHeader('Content-Type', answer.contentType);
      // Kept here, where a header cannot change it; no cache in between keeps a call's answer.
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Length', answer.bytes.length);
      if (req.method === 'HEAD') res.end();
      else res.end(answer.bytes);
    } catch (error) {
      if (res.headersSent) res.destroy();
      else sendUpstreamFailure(res, error, config);
    }
  }

  /** A forwarded row: the session's bearer (or the visitor id of the anonymous one), then the exchange. */
  async function forward(context: CallContext) {
    if (context.route.cache) return forwardKept(context);
    const { req, res, route, params, body } = context;
    // A tab whose session cookie is gone (evicted, expired) is told so, without calling the backend.
    if (route.session && !sessionCallGoesOn(req, res, config.cookieSecure)) return;
    const bearer = route.session ? sessionCodeFrom(req) : undefined;
    const visitorId = visitorIdForCall(req, bearer, config.cookieSecure);
    // Not minted here: a tab's calls run side by side, and each would mint an id of its own, the cart
    // split among them. Not forwarded without one either (the backend's shared anonymous order): the
    // tab is told its session is gone, and its reload, a resume, mints the cookie once.
    if (anonymousCallLacksVisitor(bearer, visitorId)) {
      sendError(res, 'session_missing');
      return;
    }
    res.locals.forwarded = true;
    const url = req.url;
    const queryAt = url.indexOf('?');
    await send(req, res, {
      route,
      path: upstreamPathOf(route, params) + (queryAt === -1 ? '' : url.slice(queryAt)),
      clientIp: req.ip,
      bearer,
      visitorId,
      body: body.bytes,
      requestId: String(res.locals.requestId ?? ''),
    });
  }

  async function send(req: IncomingMessage, res: CallResponse, call: ForwardedCall) {
    const { route } = call;
    const gone = new Cancel();
    // The shopper left (closed the tab, navigated away): stop waiting on the backend too. The
    // dispatcher's one 'close' listener tells it (dispatch.ts `whenGone`): no listener per call here.
    res.locals.whenGone = gone;
    try {
      const answer = await exchange(
        route,
        {
          path: call.path,
          method: route.method,
          headers: upstreamHeaders(req, call),
          body: call.body,
          client: call.clientIp ?? '',
        },
        gone,
      );
      if (answer.stream) {
        await streamRaw(answer, res);
        res.locals.outcome = 'ok';
        return;
      }
      writeEnvelopeAnswer(route, req.method ?? route.method, answer, res);
    } catch (error) {
      if (gone.reason === CLIENT_GONE) {
        res.locals.outcome = 'client_gone';
        return;
      }
      if (res.headersSent) {
        // The answer already started: the only honest thing left is to cut it.
        res.destroy();
        return;
      }
      sendUpstreamFailure(res, error, config);
    } finally {
      res.locals.whenGone = undefined;
    }
  }

  /** The backend's answer when it is its JSON envelope; ours when it is not, or when it is a 5xx. */
  function writeEnvelopeAnswer(route: CallRoute, method: string, answer: Answer, res: CallResponse) {
    const bytes = answer.bytes ?? Buffer.alloc(0);
    const noBody = answer.status === 204 || answer.status === 304 || method === 'HEAD';
    const problem = noBody ? undefined : envelopeProblem(answer.headers, bytes);
    if (problem) {
      res.locals.upstreamFailure = { kind: 'upstream_invalid', reason: problem };
      res.locals.outcome = 'upstream_invalid';
      sendError(res, 'upstream_invalid');
      return;
    }
    if (answer.status >= 500) {
      res.locals.upstreamFailure = { kind: 'upstream_error', status: answer.status };
      res.locals.outcome = 'upstream_error';
      const kind: BffErrorKind =
        answer.status === 503
          ? 'upstream_unavailable'
          : answer.status === 504
            ? 'upstream_timeout'
            : 'upstream_error';
      sendError(res, kind);
      return;
    }
    res.locals.outcome = 'ok';
    res.statusCode = answer.status;
    const type = answer.headers['content-type'];
    if (typeof type === 'string') res.setHeader('Content-Type', type);
    // Answers of the session's calls are the shopper's own: no cache in between keeps them.
    res.setHeader('Cache-Control', route.session ? 'private, no-store' : 'no-store');
    if (noBody) {
      res.end();
      return;
    }
    res.setHeader('Content-Length', bytes.length);
    res.end(bytes);
  }

  async function getJson(
    path: string,
    bearer: string,
    visitorId: string | undefined,
    clientIp: string | undefined,
  ) {
    const headers = {
      accept: 'application/json',
      authorization: `Bearer ${bearer}`,
      ...visitorHeader(bearer, visitorId),
    };
    const answer = await exchange(
      SESSION_READ_ROUTE,
      { path, method: 'GET', headers, client: clientIp ?? '' },
      new Cancel(),
    );
    const bytes = answer.bytes ?? Buffer.alloc(0);
    if (envelopeProblem(answer.headers, bytes)) throw new UpstreamGarbage();
    if (answer.status >= 500) throw new UpstreamFailed(answer.status);
    return { status: answer.status, body: JSON.parse(bytes.toString('utf8')) as unknown };
  }

  async function redeemTransfer(token: string, clientIp: string | undefined) {
    const headers = { accept: 'application/json', 'content-type': 'application/json' };
    const answer = await exchange(
      TRANSFER_REDEEM_ROUTE,
      {
        path: TRANSFER_REDEEM_ROUTE.path,
        method: 'POST',
        headers,
        body: Buffer.from(JSON.stringify({ token })),
        client: clientIp ?? '',
      },
      new Cancel(),
    );
    const bytes = answer.bytes ?? Buffer.alloc(0);
    if (envelopeProblem(answer.headers, bytes)) throw new UpstreamGarbage();
    if (answer.status >= 500) throw new UpstreamFailed(answer.status);
    return { status: answer.status, body: JSON.parse(bytes.toString('utf8')) as unknown };
  }

  return {
    forward,
    readKept,
    getJson,
    redeemTransfer,
    close: async () => {
      await pool.close();
    },
  };
}

/** X-Visitor-Id with the visitor id, beside the bearer `anonymous-session` only: never another session's call. */
function visitorHeader(bearer: string | undefined, visitorId: string | undefined): Record<string, string> {
  return bearer === ANONYMOUS_SESSION_CODE && visitorId ? { [VISITOR_ID_HEADER]: visitorId } : {};
}

async function streamRaw(answer: Answer, res: ServerResponse) {
  const stream = answer.stream as Dispatcher.ResponseData;
  res.statusCode = answer.status;
  for (const name of RAW_RESPONSE_HEADERS) {
    const value = answer.headers[name];
    if (value !== undefined) res.setHeader(name, value);
  }
  for await (const chunk of stream.body) {
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

/** The backend did not answer within the call's timeout. */
export class UpstreamTimedOut extends Error {}
const TIMED_OUT = new UpstreamTimedOut('upstream timed out');
const CLIENT_GONE = new Error('client gone');
const cancelForTimeout = (cancel: Cancel) => cancel.cancel(TIMED_OUT);

/**
 * How a call to the backend is stopped (its timeout, the shopper gone) without an AbortSignal and
 * the listeners undici would hang on it for every call: the dispatch's own controller is cancelled.
 */
class Cancel {
  reason: Error | undefined;
  #controller: Dispatcher.DispatchController | undefined;
  #signal: AbortController | undefined;
  /** The dispatch under way, cancelled at once if the call already was. */
  attach(controller: Dispatcher.DispatchController) {
    this.#controller = controller;
    if (this.reason) controller.abort(this.reason);
  }
  /** A signal, for the one kind of call read as a stream (media), which undici's `request` takes. */
  signal(): AbortSignal {
    this.#signal ??= new AbortController();
    if (this.reason) this.#signal.abort(this.reason);
    return this.#signal.signal;
  }
  /** The shopper left before the answer. */
  clientGone() {
    this.cancel(CLIENT_GONE);
  }
  cancel(reason: Error) {
    if (this.reason) return;
    this.reason = reason;
    if (this.#controller && !this.#controller.aborted) this.#controller.abort(reason);
    this.#signal?.abort(reason);
  }
  throwIfCancelled() {
    if (this.reason) throw this.reason;
  }
}

/**
 * An answer read whole through undici's dispatch (no body stream, no async iterator per call): its
 * status, headers and bytes, up to `max` (beyond it, or cut mid-answer: garbage).
 */
function readWhole(
  pool: Pool,
  options: Dispatcher.DispatchOptions,
  max: number,
  cancel: Cancel,
): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    let chunks: Buffer[] = [];
    let size = 0;
    let answered = false;
    pool.dispatch(options, {
      onRequestStart(controller) {
        cancel.attach(controller);
      },
      onResponseStart(_controller, statusCode, responseHeaders) {
        status = statusCode;
        headers = responseHeaders;
        chunks = [];
        size = 0;
        answered = true;
      },
      onResponseData(controller, chunk) {
        size += chunk.length;
        if (size > max) {
          controller.abort(new UpstreamGarbage('too_large'));
          return;
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        resolve({
          status,
          headers,
          bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size),
        });
      },
      onResponseError(_controller, error) {
        if (error instanceof UpstreamGarbage || cancel.reason) reject(cancel.reason ?? error);
        // Cut mid-answer (truncated body): what came is of no use.
        else if (answered) reject(new UpstreamGarbage('cut'));
        else reject(error);
      },
    });
  });
}

/** The backend answered something that is not its JSON envelope (or cut it, or sent too much). */
export class UpstreamGarbage extends Error {}
/** The backend answered a 5xx to a call the BFF reads itself. */
export class UpstreamFailed extends Error {
  readonly status: number;
  constructor(status: number) {
    super('upstream failed');
    this.status = status;
  }
}

/** Maps a failure to reach the backend to what the shopper's browser is told. */
export function kindOf(error: unknown): BffErrorKind {
  if (error instanceof BrokenCircuitError) return 'upstream_unavailable';
  if (error instanceof UpstreamTimedOut) return 'upstream_timeout';
  if (error instanceof UpstreamGarbage) return 'upstream_invalid';
  if (error instanceof UpstreamFailed) {
    return error.status === 503
      ? 'upstream_unavailable'
      : error.status === 504
        ? 'upstream_timeout'
        : 'upstream_error';
  }
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

const OUTCOME_OF: Partial<Record<BffErrorKind, string>> = {
  overloaded: 'overloaded',
  upstream_timeout: 'upstream_timeout',
  upstream_invalid: 'upstream_invalid',
  upstream_error: 'upstream_error',
};

/** Answers the envelope for a backend that could not be reached, and notes why for the log line. */
export function sendUpstreamFailure(
  res: CallResponse,
  error: unknown,
  config?: Pick<BffConfig, 'breaker'>,
): void {
  const kind = kindOf(error);
  const circuitOpen = error instanceof BrokenCircuitError;
  // Kind and system error code only: never a host, port or path.
  res.locals.upstreamFailure = {
    kind,
    ...(circuitOpen ? { circuit: 'open' } : {}),
    ...(codeOf(error) ? { code: codeOf(error) } : {}),
    ...(error instanceof UpstreamGarbage && error.message ? { reason: error.message } : {}),
  };
  res.locals.outcome = circuitOpen ? 'circuit_open' : (OUTCOME_OF[kind] ?? 'upstream_unavailable');
  if (kind === 'overloaded') res.setHeader('Retry-After', '1');
  else if (circuitOpen)
    res.setHeader('Retry-After', String(Math.ceil((config?.breaker.cooldownMs ?? 10_000) / 1000)));
  sendError(res, kind);
}
