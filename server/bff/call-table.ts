import { z } from 'zod/mini';
import { buildPath, type CallDefinition, calls } from '../../src/contract/calls.ts';
import { PATH_ID_PATTERN } from '../../src/contract/path-rules.ts';

/**
 * Every call the BFF forwards, in one table built from the contract's call registry: method, path
 * template, the rule of each path parameter, the rate limit, the timeout and the body limit. The
 * pipeline (pipeline.ts) serves exactly these and nothing else (a call not in the table is a 404
 * envelope), so a new call gets its limits by being here, never by being listed twice.
 */

/** Route groups: each has its own circuit breaker (a dead payment provider must not close the catalogue). */
export type RouteGroup = 'session' | 'catalog' | 'order' | 'payment' | 'tray' | 'sandbox';

/** The rate limits (rate-limits.ts), by the family of calls they guard. */
export type LimitName = 'cardPayments' | 'coupons' | 'sessionOpens' | 'trayLinks';

export type CallRoute = {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  /** Express path template, as in the contract ('/api/catalog/products/:id'). */
  readonly path: string;
  readonly group: RouteGroup;
  /** 'envelope': a JSON { success, data, errors } answer is required; 'raw': streamed as is (media). */
  readonly answer: 'envelope' | 'raw';
  /** A GET without side effects: a failed connection may be tried once more. */
  readonly retryable: boolean;
  /** The rule every path parameter must pass before the call is forwarded. */
  readonly params?: z.core.$ZodType;
  /** Path parameters the log may show (ids of products and collections: never a CEP or a code). */
  readonly loggedParams: readonly string[];
  readonly rateLimit?: LimitName;
  /** Card payments may take the provider a while: they get the longer timeout. */
  readonly timeout: 'standard' | 'payment';
  /** Largest body a POST may carry (bytes); 0 for a GET. */
  readonly bodyLimitBytes: number;
  /** The Tray calls carry no shopper session: the store admin is not a chat contact. */
  readonly session: boolean;
};

/** GETs that change something upstream (confirm, cancel, send to the chat, change the payment). */
const GETS_WITH_EFFECTS = new Set([
  'confirmOrder',
  'cancelOrder',
  'sendOrderSummary',
  'sendCatalog',
  'changePaymentMethod',
]);

/** Calls the BFF makes itself and never forwards: the session is opened by session-routes.ts. */
const NOT_FORWARDED = new Set(['getSession']);

const RATE_LIMITED: Record<string, LimitName> = {
  payWithCard: 'cardPayments',
  payWithMercadoPago: 'cardPayments',
  applyCoupon: 'coupons',
  linkStore: 'trayLinks',
};

const PAYMENT_CALLS = new Set(['payWithCard', 'payWithMercadoPago']);

/** Parameters that identify catalogue things, safe to log. */
const LOGGED_PARAMS = new Set(['id', 'file']);

type CallSource = Pick<CallDefinition, 'method' | 'path' | 'params'> & { raw?: true };

/** The sandbox's own calls (server/sandbox/app.ts): e2e and the README use them. */
const SANDBOX_CALLS: Record<string, CallSource> = {
  sandboxMedia: {
    method: 'GET',
    path: '/api/sandbox/media/:file',
    params: z.strictObject({ file: z.string().check(z.regex(PATH_ID_PATTERN), z.maxLength(80)) }),
    raw: true,
  },
  sandboxOutbox: { method: 'GET', path: '/api/sandbox/outbox' },
  sandboxSessionCopy: { method: 'POST', path: '/api/sandbox/sessions' },
  sandboxExpirePayment: { method: 'POST', path: '/api/sandbox/payments/expire' },
};

export function groupOf(path: string): RouteGroup {
  if (path.startsWith('/tray/')) return 'tray';
  if (path.startsWith('/api/sandbox/')) return 'sandbox';
  if (/^\/api\/order\/(payment|payments|pix)(\/|$)/.test(path)) return 'payment';
  if (path.startsWith('/api/order/') || path.startsWith('/api/customer/')) return 'order';
  if (path.startsWith('/api/catalog/')) return 'catalog';
  return 'session';
}

const paramNamesOf = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');

function routeOf(name: string, call: CallSource, bodyLimitBytes: number): CallRoute {
  const group = groupOf(call.path);
  return {
    name,
    method: call.method,
    path: call.path,
    group,
    answer: call.raw ? 'raw' : 'envelope',
    retryable: call.method === 'GET' && group !== 'payment' && !GETS_WITH_EFFECTS.has(name),
    params: call.params as z.core.$ZodType | undefined,
    loggedParams: paramNamesOf(call.path).filter((param) => LOGGED_PARAMS.has(param)),
    rateLimit: RATE_LIMITED[name],
    timeout: PAYMENT_CALLS.has(name) ? 'payment' : 'standard',
    bodyLimitBytes: call.method === 'POST' ? bodyLimitBytes : 0,
    session: group !== 'tray',
  };
}

export function callTable(options: { sandboxRoutes: boolean; bodyLimitBytes: number }): CallRoute[] {
  const sources: [string, CallSource][] = Object.entries(calls).filter(([name]) => !NOT_FORWARDED.has(name));
  if (options.sandboxRoutes) sources.push(...Object.entries(SANDBOX_CALLS));
  const routes = sources.map(([name, call]) => routeOf(name, call, options.bodyLimitBytes));
  // Static paths first ('/products/facets' before '/products/:id'), as the backend routes them.
  const paramCount = (route: CallRoute) => paramNamesOf(route.path).length;
  return routes.sort((a, b) => paramCount(a) - paramCount(b));
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
  return buildPath(route.path, params as never);
}
