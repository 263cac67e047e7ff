import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { isBffWorker, superviseWorkers } from '../workers.ts';
import { type BffApp, createApp, type Frontend } from './app.ts';
import type { BffConfig } from './config.ts';
import { errorEnvelope } from './errors.ts';

/**
 * From the signal, how long in-flight calls may take to finish before their connections are cut
 * (the process itself must be gone within 15 s: server/start.ts exits at 15 s whatever happens).
 */
const SHUTDOWN_GRACE_MS = 14_000;

/**
 * On SIGTERM (an orchestrator stopping the instance), how long the BFF keeps accepting calls while
 * its readiness answers 503, so the load balancer sees it and stops sending before the listener
 * closes: a fresh probe gets a 503, not a refused connection, and no shopper's call is refused.
 */
export const READINESS_DRAIN_MS = 2_000;

export type StopOptions = {
  /** Readiness answers 503 and calls are still served (each answer closing its connection) this long first. */
  drainDelayMs?: number;
};

export type RunningBff = { server: Server; url: string; stop(options?: StopOptions): Promise<void> };

export async function startBff(
  config: BffConfig,
  options: { logger: Logger; frontend?: Frontend },
): Promise<RunningBff> {
  const bff: BffApp = createApp(config, options);
  const server = createServer(bff.handler).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Keep-alive a little longer than typical load balancers (60 s) so they close first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  // CONNECT (a proxy tunnel) is nothing the BFF serves; left alone, Node drops the connection
  // without an answer. Answer the envelope instead. The socket is ours now: read (and drop) what the
  // client still sends so its end is seen and the socket closes, and never let it outlive 2 s, or
  // it would hold server.close() (it is no longer one of the server's HTTP connections).
  server.on('connect', (_req, socket: Duplex) => {
    socket.on('error', () => {});
    socket.resume();
    setTimeout(() => socket.destroy(), 2_000).unref();
    const { status, body } = errorEnvelope('bad_request');
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
    );
  });

  let draining = false;
  // Once draining, every answer closes its connection: no client reuses a socket the BFF is about
  // to close (ahead of the app, so even answers sent synchronously, like /readyz, carry it).
  server.prependListener('request', (_req, res) => {
    if (draining && !res.headersSent) res.setHeader('Connection', 'close');
  });

  let stopping: Promise<void> | undefined;
  function stop({ drainDelayMs = 0 }: StopOptions = {}): Promise<void> {
    stopping ??= (async () => {
      draining = true;
      bff.drain();
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A keep-alive connection becomes idle once its call is answered: close those as they appear,
      // so the process exits as soon as the last in-flight call is done.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      await closed;
      clearInterval(sweep);
      clearTimeout(timer);
      await bff.close();
    })();
    return stopping;
  }

  return { server, url: `http://localhost:${port}`, stop };
}

/**
 * What the process does on SIGTERM (drain: readiness 503 for READINESS_DRAIN_MS, then close and
 * let in-flight calls finish) and SIGINT (Ctrl-C: the same without the readiness delay): stop the
 * BFF, then whatever it depends on (`after`, e.g. the sandbox), and exit; exit(1) at 15 s regardless.
 */
export function exitOnSignals(
  bff: RunningBff,
  { logger, after }: { logger: Logger; after?: () => Promise<void> },
): void {
  const shutdown = async (signal: 'SIGTERM' | 'SIGINT') => {
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await bff.stop({ drainDelayMs: signal === 'SIGTERM' ? READINESS_DRAIN_MS : 0 });
      await after?.();
    } catch (error) {
      logger.error({ err: { message: (error as Error).message } }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * Runs the BFF as configured, with exitOnSignals: this process alone, or with BFF_WORKERS > 1 as
 * the primary of that many workers (server/workers.ts: `workerEnv` is added to their environment,
 * `after` runs once they all exited), or, in a worker, as one of them. Resolves with the address, or
 * undefined in a worker (the primary reports it).
 */
export async function serveBff(
  config: BffConfig,
  options: {
    logger: Logger;
    frontend?: Frontend;
    workerEnv?: NodeJS.ProcessEnv;
    after?: () => Promise<void>;
  },
): Promise<string | undefined> {
  const { logger, frontend, after } = options;
  if (isBffWorker()) {
    exitOnSignals(await startBff(config, { logger, frontend }), { logger });
    return undefined;
  }
  if (config.workers > 1) {
    return (await superviseWorkers(config.workers, { env: options.workerEnv ?? {}, logger, after })).url;
  }
  const bff = await startBff(config, { logger, frontend });
  exitOnSignals(bff, { logger, after });
  return bff.url;
}
