import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type RequestHandler, Router } from 'express';
import type { BffMetrics } from './metrics.ts';

/**
 * Where Prometheus reads the metrics: a port of their own (METRICS_PORT, kept off the public
 * listener by the deployment) or, with METRICS_TOKEN, `GET /metrics` on the public port for callers
 * sending that bearer token. Without either, /metrics is not served.
 */
async function write(
  metrics: BffMetrics,
  res: { setHeader(n: string, v: string): void; end(b: string): void },
) {
  const body = await metrics.registry.metrics();
  res.setHeader('Content-Type', metrics.registry.contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function metricsRoute(metrics: BffMetrics, token: string): Router {
  const router = Router({ caseSensitive: true });
  const serve: RequestHandler = async (req, res, next) => {
    const header = req.headers.authorization ?? '';
    // Anyone else sees what they would without a token: the next route's answer (a page).
    if (!header.startsWith('Bearer ') || !sameToken(header.slice(7), token)) {
      next();
      return;
    }
    await write(metrics, res);
  };
  router.get('/metrics', serve);
  return router;
}

/** The metrics on a port of their own: nothing else is served there. */
export async function startMetricsServer(metrics: BffMetrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/metrics') {
      write(metrics, res).catch(() => res.destroy());
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
