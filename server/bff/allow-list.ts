import { z } from 'zod/mini';
import { type CallDefinition, calls } from '../../src/contract/calls.ts';

/**
 * The only upstream calls the BFF forwards: every call of the contract registry (method and
 * Express-style path), plus the sandbox-only inspection calls when the BFF runs over the sandbox.
 * Anything else is answered 404 by the BFF without reaching the backend; a path parameter that
 * fails its call's schema is a 400.
 */

/** Route groups: each has its own circuit breaker (a dead payment provider must not close the catalogue). */
export type RouteGroup = 'session' | 'catalog' | 'order' | 'payment' | 'tray' | 'sandbox';

export type AllowedRoute = {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly group: RouteGroup;
  /** 'envelope': a JSON { success, data, errors } answer is required; 'raw': passed through (media). */
  readonly answer: 'envelope' | 'raw';
  /** A GET without side effects, so a failed connection may be tried once more. */
  readonly retryable: boolean;
  readonly segments: readonly Segment[];
  readonly params?: z.core.$ZodType;
};

type Segment = { literal: string } | { param: string };

export type RouteMatch =
  | { kind: 'allowed'; route: AllowedRoute; params: Record<string, string> }
  | { kind: 'not_found' }
  | { kind: 'bad_params' };

/** GETs that change something upstream (confirm, cancel, send to the chat, change the payment). */
const GETS_WITH_EFFECTS = new Set([
  'confirmOrder',
  'cancelOrder',
  'sendOrderSummary',
  'sendCatalog',
  'changePaymentMethod',
]);

/** The sandbox's own calls (server/sandbox/app.ts): e2e and the README use them. */
const SANDBOX_CALLS: Record<string, Pick<CallDefinition, 'method' | 'path' | 'params'> & { raw?: true }> = {
  sandboxMedia: {
    method: 'GET',
    path: '/api/sandbox/media/:file',
    params: z.strictObject({ file: z.string().check(z.regex(/^[A-Za-z0-9._-]{1,80}$/)) }),
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

function segmentsOf(path: string): Segment[] {
  return path
    .replace(/^\//, '')
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? { param: part.slice(1) } : { literal: part }));
}

function routeOf(
  name: string,
  call: Pick<CallDefinition, 'method' | 'path' | 'params'>,
  raw = false,
): AllowedRoute {
  const group = groupOf(call.path);
  return {
    name,
    method: call.method,
    path: call.path,
    group,
    answer: raw ? 'raw' : 'envelope',
    retryable: call.method === 'GET' && group !== 'payment' && !GETS_WITH_EFFECTS.has(name),
    segments: segmentsOf(call.path),
    params: call.params as z.core.$ZodType | undefined,
  };
}

export type AllowList = {
  match(method: string, pathname: string): RouteMatch;
  readonly routes: readonly AllowedRoute[];
};

export function createAllowList(options: { sandboxRoutes: boolean }): AllowList {
  const routes: AllowedRoute[] = Object.entries(calls).map(([name, call]) => routeOf(name, call));
  if (options.sandboxRoutes) {
    for (const [name, call] of Object.entries(SANDBOX_CALLS)) routes.push(routeOf(name, call, call.raw));
  }
  // Static paths first ('/products/facets' before '/products/:id'), as the backend routes them.
  const paramCount = (route: AllowedRoute) => route.segments.filter((s) => 'param' in s).length;
  routes.sort((a, b) => paramCount(a) - paramCount(b));

  function match(method: string, pathname: string): RouteMatch {
    const wanted = method === 'HEAD' ? 'GET' : method;
    // One optional trailing slash, as Express routes; never an empty segment inside.
    const parts = pathname
      .replace(/^\//, '')
      .replace(/(.)\/$/, '$1')
      .split('/');
    for (const route of routes) {
      if (route.method !== wanted || route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let matched = true;
      for (const [index, segment] of route.segments.entries()) {
        const part = parts[index] ?? '';
        if ('literal' in segment) {
          if (part !== segment.literal) {
            matched = false;
            break;
          }
        } else {
          if (part === '') {
            matched = false;
            break;
          }
          try {
            params[segment.param] = decodeURIComponent(part);
          } catch {
            return { kind: 'bad_params' };
          }
        }
      }
      if (!matched) continue;
      if (route.params && !z.safeParse(route.params, params).success) return { kind: 'bad_params' };
      return { kind: 'allowed', route, params };
    }
    return { kind: 'not_found' };
  }

  return { match, routes };
}
