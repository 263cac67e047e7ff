import { z } from 'zod/mini';
import { buildPath, type CallDefinition, type CallName, calls } from '../../src/contract/calls.ts';
import { PATH_ID_PATTERN } from '../../src/contract/path-rules.ts';
import { RUM_BODY_LIMIT_BYTES, RUM_PATH } from '../../src/contract/rum.ts';
import {
  type AnswerCachePolicy,
  type BreakerGroup,
  CALL_POLICIES,
  type CallPolicy,
  type LimitName,
  type OwnCallName,
  type PolicyName,
  type SandboxCallName,
} from './call-policy.ts';

/**
 * Every call the BFF serves, one row each: the contract's calls it forwards, the sandbox's own calls
 * when SANDBOX_ROUTES is on, and the calls it answers itself (session open and resume, the RUM
 * beacon, the Tray authorize address), which name the handle that answers them. Each row joins its
 * method, path template and parameter rule (from the contract) with its policy (call-policy.ts).
 * The dispatcher (dispatch.ts) serves exactly these: anything else under /api or /tray is a 404
 * envelope, a method a path does not declare a 405.
 */
export type { BreakerGroup, LimitName };

export type CallRoute = {
  readonly name: PolicyName;
  readonly method: 'GET' | 'POST';
  /** Path template, as in the contract ('/api/catalog/products/:id'). */
  readonly path: string;
  readonly group: BreakerGroup;
  /** 'envelope': a JSON { success, data, errors } answer is required; 'raw': streamed as is (media). */
  readonly answer: 'envelope' | 'raw';
  /** A GET without effects outside payments: a failed connection may be tried once more. */
  readonly retryable: boolean;
  /** The rule every path parameter must pass before the call goes on. */
  readonly params?: z.core.$ZodType;
  readonly loggedParams: readonly string[];
  readonly rateLimit?: LimitName;
  readonly timeout: 'standard' | 'payment';
  /** Largest body a POST may carry (bytes); 0 for a GET. */
  readonly bodyLimitBytes: number;
  readonly session: boolean;
  /** The BFF answers it itself (session.ts, rum-route.ts, tray-authorize.ts); otherwise forwarded. */
  readonly handle?: OwnCallName;
  /** Said (400) for any body it refuses, in place of the kind of refusal (the session open's). */
  readonly invalidBody?: string;
  /** Its answers are kept for everyone (answer-cache.ts): a sessionless GET only (call-policy.ts). */
  readonly cache?: AnswerCachePolicy;
};

type CallSource = Pick<CallDefinition, 'method' | 'path' | 'params'>;

/** `{ "code": "<at most 200 characters>" }` with room to spare. */
const SESSION_OPEN_BODY_LIMIT_BYTES = 1_024;
const SESSION_PATH = '/api/session';
const TRAY_AUTHORIZE_PATH = '/tray/authorize';

type OwnCall = CallSource & { bodyLimitBytes?: number; invalidBody?: string };

/** What the session open says of any body that is not `{ "code": "..." }` in JSON, small. */
export const INVALID_SESSION_CODE = 'Código de sessão inválido.';

const OWN_CALLS: Record<OwnCallName, OwnCall> = {
  openSession: {
    method: 'POST',
    path: SESSION_PATH,
    bodyLimitBytes: SESSION_OPEN_BODY_LIMIT_BYTES,
    invalidBody: INVALID_SESSION_CODE,
  },
  resumeSession: { method: 'GET', path: SESSION_PATH },
  rum: { method: 'POST', path: RUM_PATH, bodyLimitBytes: RUM_BODY_LIMIT_BYTES },
  trayAuthorize: { method: 'GET', path: TRAY_AUTHORIZE_PATH },
};

const SANDBOX_CALLS: Record<SandboxCallName, CallSource> = {
  sandboxMedia: {
    method: 'GET',
    path: '/api/sandbox/media/:file',
    params: z.strictObject({ file: z.string().check(z.regex(PATH_ID_PATTERN), z.maxLength(80)) }),
  },
  sandboxOutbox: { method: 'GET', path: '/api/sandbox/outbox' },
  sandboxSessionCopy: { method: 'POST', path: '/api/sandbox/sessions' },
  sandboxExpirePayment: { method: 'POST', path: '/api/sandbox/payments/expire' },
  sandboxPixPaid: { method: 'POST', path: '/api/sandbox/pix/paid' },
  sandboxPixExpire: { method: 'POST', path: '/api/sandbox/pix/expire' },
  sandboxBoletoPdf: {
    method: 'GET',
    path: '/api/sandbox/boletos/:boleto',
    params: z.strictObject({ boleto: z.string().check(z.regex(/^\d{1,16}-[a-z0-9]{32}\.pdf$/)) }),
  },
};

/**
 * The contract's session read and the session transfer's redemption: only the session open calls
 * them (session-open.ts), with the code or token it was given. Both answer a session's code, which
 * no page may see: a browser asking for them gets the 404 of a path that is no call.
 */
const NOT_SERVED: ReadonlySet<CallName> = new Set(['getSession', 'redeemSessionTransfer']);

const paramNamesOf = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');

function routeOf(name: PolicyName, call: OwnCall, bodyLimitBytes: number, handle?: OwnCallName): CallRoute {
  const policy: CallPolicy = CALL_POLICIES[name];
  const params = paramNamesOf(call.path);
  return {
    name,
    method: call.method,
    path: call.path,
    group: policy.breaker,
    answer: policy.answer ?? 'envelope',
    retryable: call.method === 'GET' && !policy.effects && policy.breaker !== 'payment',
    params: call.params as z.core.$ZodType | undefined,
    loggedParams: (policy.loggedParams ?? []).filter((param) => params.includes(param)),
    rateLimit: policy.rateLimit,
    timeout: policy.timeout,
    bodyLimitBytes: call.method === 'POST' ? bodyLimitBytes : 0,
    session: policy.session,
    handle,
    invalidBody: call.invalidBody,
    cache: policy.cache,
  };
}

/** The contract's session read, as the session open sends it upstream. */
export const SESSION_READ_ROUTE: CallRoute = routeOf('getSession', calls.getSession, 0);

/** The public product read, as the share link's page and preview read it (share-page.ts). */
export const PUBLIC_PRODUCT_ROUTE: CallRoute = routeOf('getPublicProduct', calls.getPublicProduct, 0);
/** The session transfer's redemption, as the session open sends it upstream (`{ transfer }`). */
export const TRANSFER_REDEEM_ROUTE: CallRoute = routeOf(
  'redeemSessionTransfer',
  calls.redeemSessionTransfer,
  1_024,
);

export function callTable(options: {
  sandboxRoutes: boolean;
  bodyLimitBytes: number;
  rum?: boolean;
}): CallRoute[] {
  const routes: CallRoute[] = [];
  for (const [name, own] of Object.entries(OWN_CALLS) as [OwnCallName, (typeof OWN_CALLS)[OwnCallName]][]) {
    if (name === 'rum' && options.rum === false) continue;
    routes.push(routeOf(name, own, own.bodyLimitBytes ?? options.bodyLimitBytes, name));
  }
  for (const [name, call] of Object.entries(calls) as [CallName, CallSource][]) {
    if (!NOT_SERVED.has(name)) routes.push(routeOf(name, call, options.bodyLimitBytes));
  }
  if (options.sandboxRoutes) {
    for (const [name, call] of Object.entries(SANDBOX_CALLS) as [SandboxCallName, CallSource][]) {
      routes.push(routeOf(name, call, options.bodyLimitBytes));
    }
  }
  return routes;
}

/** Whether the decoded path parameters pass the call's rule. */
export function paramsPass(route: CallRoute, params: Record<string, string>): boolean {
  return !route.params || z.safeParse(route.params, params).success;
}

/**
 * The path sent upstream: the template filled with the checked parameters, each encoded again, so
 * what reaches the backend is built by the BFF, never the caller's spelling of it.
 */
export function upstreamPathOf(route: CallRoute, params: Record<string, string>): string {
  return route.path.includes(':') ? buildPath(route.path, params as never) : route.path;
}
