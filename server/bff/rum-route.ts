import express, { type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import typeIs from 'type-is';
import { z } from 'zod';
import {
  RUM_BODY_LIMIT_BYTES,
  RUM_MAX_CLS,
  RUM_MAX_DURATION_MS,
  RUM_METRIC_NAMES,
  RUM_NAVIGATION_TYPES,
  RUM_PAGES,
  RUM_PATH,
  RUM_RATINGS,
  type RumBeacon,
  roundRumValue,
} from '../../src/contract/rum.ts';
import { sendError } from './errors.ts';
import type { BffMetrics } from './metrics.ts';
import { observedValue } from './rum-metrics.ts';

const metricSchema = z
  .strictObject({
    name: z.enum(RUM_METRIC_NAMES),
    // z.number() takes finite numbers only (JSON's 1e999 reads as Infinity and is refused).
    value: z.number().min(0),
    rating: z.enum(RUM_RATINGS),
    navigation: z.enum(RUM_NAVIGATION_TYPES),
  })
  .refine((metric) => metric.value <= (metric.name === 'CLS' ? RUM_MAX_CLS : RUM_MAX_DURATION_MS));

/** A beacon as the page sends it (app/rum/vitals-batch.ts): nothing more, each metric at most once. */
export const rumBeaconSchema = z.strictObject({
  page: z.enum(RUM_PAGES),
  metrics: z
    .array(metricSchema)
    .min(1)
    .max(RUM_METRIC_NAMES.length)
    .refine((metrics) => new Set(metrics.map((metric) => metric.name)).size === metrics.length),
}) satisfies z.ZodType<RumBeacon>;

const INVALID_BEACON = 'Medição inválida.';

/**
 * `POST /rum`: the Core Web Vitals a page reports when it is hidden (app/rum/), when RUM is on.
 * Not a backend call, so not on the call pipeline: the BFF answers it itself. Per IP rate limit
 * first, then a body of at most 2 KB (413 beyond, by the app's error handler), JSON only (415), read
 * against a strict schema (400 for anything else); then each value goes into its histogram
 * (rum-metrics.ts), one log line holds the beacon, and the answer is 204. Cookies, Referer and the
 * rest of the request are never read: the beacon carries the screen's name and numbers only.
 */
export function rumRoute(options: { limit: RequestHandler; metrics: BffMetrics; logger: Logger }): Router {
  const { limit, metrics, logger } = options;
  const router = Router({ caseSensitive: true });

  const named: RequestHandler = (_req, res, next) => {
    res.locals.route = RUM_PATH;
    next();
  };
  const limited: RequestHandler = (req, res, next) => {
    res.once('finish', () => {
      if (res.statusCode === 429) metrics.rateLimitHits.inc({ limit: 'rum' });
    });
    limit(req, res, next);
  };
  const readBody = express.raw({ type: () => true, limit: RUM_BODY_LIMIT_BYTES, inflate: false });

  const record: RequestHandler = (req, res) => {
    if (!typeIs.is(req.headers['content-type'] ?? '', ['json'])) {
      sendError(res, 'unsupported_media_type');
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '');
    } catch {
      sendError(res, 'bad_request', 'O corpo da requisição não é um JSON válido.');
      return;
    }
    const parsed = rumBeaconSchema.safeParse(body);
    if (!parsed.success) {
      sendError(res, 'bad_request', INVALID_BEACON);
      return;
    }
    const beacon = parsed.data;
    for (const metric of beacon.metrics) {
      metrics.rum[metric.name].observe({ page: beacon.page }, observedValue(metric.name, metric.value));
    }
    const logged = beacon.metrics.map((metric) => ({
      ...metric,
      value: roundRumValue(metric.name, metric.value),
    }));
    logger.info({ reqId: res.locals.requestId, rum: { page: beacon.page, metrics: logged } }, 'web vitals');
    res.status(204).set('Cache-Control', 'no-store').end();
  };

  router.post(RUM_PATH, named, limited, readBody, record);
  router.all(RUM_PATH, named, (_req, res) => {
    res.setHeader('Allow', 'POST');
    sendError(res, 'method_not_allowed');
  });
  return router;
}
