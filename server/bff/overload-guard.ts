import type { IncomingMessage, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { errorEnvelope } from './errors.ts';
import type { BffMetrics } from './metrics.ts';
import { asksForPage, OVERLOADED_PAGE_BODY, overloadedPageHead } from './overloaded-page.ts';
import { SOCKET_ANSWER_HEADERS } from './socket-answer.ts';

/**
 * The first thing every request meets, before Express, headers, logging or parsing: when this
 * replica is over its limits the request is answered 503 with Retry-After at once, from bytes made
 * at start, so a spike (a flash sale announced in a WhatsApp broadcast) is turned away in
 * microseconds instead of queueing behind the calls already admitted.
 *
 * Two limits:
 * - the event loop's delay (Node's own `monitorEventLoopDelay`, sampled every SAMPLE_MS): while it was
 *   late by more than `maxLoopDelayMs` over the last sample, and by half of it on average (a lone
 *   pause of the garbage collector is not overload), the process is behind on its work and any call
 *   admitted now would wait; every request but the health checks is shed;
 * - the calls in flight (/api, /tray and /rum, from arrival to answer): at most `maxInFlight` in all,
 *   and at most `maxInFlightPerClient` for one client address, so two addresses whose calls the
 *   backend answers slowly cannot take the whole cap from every other shopper (a carrier's NAT
 *   puts many shoppers behind one address: the share is a fraction of the cap, not one call).
 * `/healthz`, `/readyz` and `/metrics` are never shed: the orchestrator must see the replica alive and
 * ready, and its monitoring the overload.
 */
export type OverloadGuardOptions = {
  maxInFlight: number;
  maxInFlightPerClient: number;
  maxLoopDelayMs: number;
  /** The client's address as the rate limits see it (trusted proxies resolved). */
  clientOf: (req: IncomingMessage) => string;
  metrics: BffMetrics;
  logger: Logger;
};

export type OverloadGuard = {
  /** True when the request was shed (its 503 written); otherwise it is counted until its answer ends. */
  shed(req: IncomingMessage, res: ServerResponse): boolean;
  close(): void;
};

/** Which limit shed a call: the loop behind, the replica's cap, or the client's share of it. */
type ShedReason = 'loop' | 'cap' | 'client';

const SAMPLE_MS = 100;
const RETRY_AFTER_SECONDS = '1';
/** Never shed: the orchestrator's probes, and the metrics that show the overload. */
const HEALTH = new Set(['/healthz', '/readyz', '/metrics']);

/** A path counted as a call: under /api, /tray or /rum (pages and assets are served, not counted). */
const isCall = (url: string) =>
  url.startsWith('/api') || url.startsWith('/tray') || url.startsWith('/rum') || !url.startsWith('/');

const overloadedBody = Buffer.from(JSON.stringify(errorEnvelope('overloaded').body));
const overloadedHead = [
  'Content-Type',
  'application/json; charset=utf-8',
  'Content-Length',
  String(overloadedBody.length),
  'Cache-Control',
  'no-store',
  'Retry-After',
  RETRY_AFTER_SECONDS,
  ...SOCKET_ANSWER_HEADERS.flat(),
];
const overloadedPage = overloadedPageHead(RETRY_AFTER_SECONDS);

export function createOverloadGuard(options: OverloadGuardOptions): OverloadGuard {
  const { maxInFlight, maxInFlightPerClient, maxLoopDelayMs, clientOf, metrics, logger } = options;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let lastDelayMs = 0;
  let behind = false;
  let inFlight = 0;
  const perClient = new Map<string, number>();
  /** Calls shed since the last warning, by the limit that shed them. */
  const shedSinceLog: Record<ShedReason, number> = { loop: 0, cap: 0, client: 0 };
  const counters = {
    loop: metrics.overloaded.labels('loop'),
    cap: metrics.overloaded.labels('cap'),
    client: metrics.overloaded.labels('client'),
  };
  let loggedAt = 0;

  let started = false;
  const sampler = setInterval(() => {
    // The first sample holds the start's own synchronous work (loading, building, listening): that is
    // no overload, and a fresh replica must not turn its first shoppers away for it.
    if (!started) {
      started = true;
      delay.reset();
      return;
    }
    const maxMs = delay.count > 0 ? delay.max / 1e6 : 0;
    lastDelayMs = delay.count > 0 ? delay.mean / 1e6 : 0;
    delay.reset();
    // Behind: the loop was late by more than the limit, and not once (a lone garbage collection's
    // pause) but for much of the sample: its mean delay is at least half the limit.
    behind = maxMs > maxLoopDelayMs && lastDelayMs > maxLoopDelayMs / 2;
    const shed = shedSinceLog.loop + shedSinceLog.cap + shedSinceLog.client;
    if (shed > 0 && Date.now() - loggedAt >= 1_000) {
      logger.warn(
        { shed: { ...shedSinceLog }, inFlight, loopDelayMs: Math.round(lastDelayMs) },
        'overloaded: calls answered 503 at once',
      );
      shedSinceLog.loop = 0;
      shedSinceLog.cap = 0;
      shedSinceLog.client = 0;
      loggedAt = Date.now();
    }
  }, SAMPLE_MS);
  sampler.unref();

  function refuse(req: IncomingMessage, res: ServerResponse, reason: ShedReason) {
    shedSinceLog[reason] += 1;
    counters[reason].inc();
    // A shopper opening a page gets a page that says so, not the calls' JSON (overloaded-page.ts).
    if (!isCall(req.url ?? '') && asksForPage(req.headers.accept)) {
      res.writeHead(503, overloadedPage);
      res.end(OVERLOADED_PAGE_BODY);
    } else {
      res.writeHead(503, overloadedHead);
      res.end(overloadedBody);
    }
    return true;
  }

  /** The 'close' of a counted answer: its call leaves the count (one function for every answer). */
  function release(this: ServerResponse & { guardClient?: string }) {
    inFlight -= 1;
    metrics.inFlight.dec();
    const client = this.guardClient as string;
    const left = (perClient.get(client) ?? 1) - 1;
    if (left <= 0) perClient.delete(client);
    else perClient.set(client, left);
  }

  return {
    shed(req, res) {
      const url = req.url ?? '';
      if (HEALTH.has(url)) return false;
      if (behind) return refuse(req, res, 'loop');
      if (!isCall(url)) return false;
      if (inFlight >= maxInFlight) return refuse(req, res, 'cap');
      const client = clientOf(req);
      const mine = perClient.get(client) ?? 0;
      if (mine >= maxInFlightPerClient) return refuse(req, res, 'client');
      perClient.set(client, mine + 1);
      inFlight += 1;
      metrics.inFlight.inc();
      (res as ServerResponse & { guardClient?: string }).guardClient = client;
      // `on`, not `once`: a response closes once, and `once` would wrap the listener for every call.
      res.on('close', release);
      return false;
    },
    close() {
      clearInterval(sampler);
      delay.disable();
    },
  };
}
