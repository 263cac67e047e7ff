import type { Logger } from 'pino';
import { z } from 'zod';
import {
  RUM_MAX_CLS,
  RUM_MAX_DURATION_MS,
  RUM_METRIC_NAMES,
  RUM_NAVIGATION_TYPES,
  RUM_PAGES,
  RUM_RATINGS,
  type RumBeacon,
  roundRumValue,
} from '../../src/contract/rum.ts';
import type { Handle } from './dispatch.ts';
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
 * `POST /rum`: the Core Web Vitals a page reports when it is hidden (app/rum/), when RUM is on. A row
 * of the call table answered by the BFF itself, after the dispatcher's common steps (the per-IP
 * rate limit; a body of at most 2 KB, JSON only). The beacon is read against a strict schema (400
 * for anything else); then each value goes into its histogram (rum-metrics.ts), one log line holds
 * the beacon, and the answer is 204. Cookies, Referer and the rest of the request are never read:
 * the beacon carries the screen's name and numbers only.
 */
export function rumHandle(options: { metrics: BffMetrics; logger: Logger }): Handle {
  const { metrics, logger } = options;
  return ({ res, body }) => {
    if (body.json === undefined) {
      sendError(res, 'bad_request', 'O corpo da requisição não é um JSON válido.');
      return;
    }
    const parsed = rumBeaconSchema.safeParse(body.json);
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
}
