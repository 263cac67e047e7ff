import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { createRumHistograms } from './rum-metrics.ts';

/**
 * What the BFF counts, in Prometheus' format (prom-client), one registry per app: calls by route
 * template, status and outcome; latency of the whole call and of the backend's part; the circuit
 * breakers' state; rate-limit hits; calls in flight to the backend. Route labels are the table's
 * templates ('/api/catalog/products/:id'), never a caller's path, so the label set stays small and
 * no code, CPF or card number can become a label. And the Core Web Vitals the pages report
 * (rum-metrics.ts).
 */
export type BffMetrics = ReturnType<typeof createMetrics>;

/** Why a call ended the way it did (a label of bff_calls_total). */
export type CallOutcome =
  | 'ok'
  | 'upstream_error'
  | 'upstream_unavailable'
  | 'upstream_timeout'
  | 'upstream_invalid'
  | 'circuit_open'
  | 'overloaded'
  | 'rate_limited'
  | 'rejected'
  | 'client_gone';

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'bff_' });
  return {
    registry,
    calls: new Counter({
      name: 'bff_calls_total',
      help: 'API and Tray calls answered, by route template, status and outcome.',
      labelNames: ['route', 'status', 'outcome'] as const,
      registers: [registry],
    }),
    callDuration: new Histogram({
      name: 'bff_call_duration_seconds',
      help: 'Time from the call reaching the BFF to its answer, by route template.',
      labelNames: ['route'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: 'bff_upstream_duration_seconds',
      help: 'Time the backend took to answer (the whole answer read), by route template.',
      labelNames: ['route'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    breakerState: new Gauge({
      name: 'bff_breaker_state',
      help: 'Circuit breaker of each route group: 0 closed, 1 half-open, 2 open.',
      labelNames: ['group'] as const,
      registers: [registry],
    }),
    rateLimitHits: new Counter({
      name: 'bff_rate_limit_hits_total',
      help: 'Calls refused by a rate limit, by limit.',
      labelNames: ['limit'] as const,
      registers: [registry],
    }),
    inFlight: new Gauge({
      name: 'bff_upstream_in_flight',
      help: 'Calls in flight in this replica (/api, /tray, /rum), counted by the overload guard.',
      registers: [registry],
    }),
    overloaded: new Counter({
      name: 'bff_overload_rejections_total',
      help: "Calls answered 503 at once by the overload guard, by reason: 'loop' (its event loop behind), 'cap' (its calls in flight) or 'client' (one client's share of them).",
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    rum: createRumHistograms(registry),
  };
}
