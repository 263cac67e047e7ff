import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { type BffApp, createApp, type Frontend } from './app.ts';
import type { BffConfig } from './config.ts';

/** How long in-flight calls may take to finish after SIGTERM before the process gives up. */
const SHUTDOWN_GRACE_MS = 14_000;

export type RunningBff = { server: Server; url: string; stop(): Promise<void> };

export async function startBff(
  config: BffConfig,
  options: { logger: Logger; frontend?: Frontend },
): Promise<RunningBff> {
  const bff: BffApp = createApp(config, options);
  const server = bff.app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Keep-alive a little longer than typical load balancers (60 s) so they close first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  let stopping: Promise<void> | undefined;
  function stop(): Promise<void> {
    stopping ??= (async () => {
      bff.drain();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A keep-alive connection becomes idle once its call is answered: close those as they appear,
      // so the process exits as soon as the last in-flight call is done.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearInterval(sweep);
      clearTimeout(timer);
      await bff.close();
    })();
    return stopping;
  }

  return { server, url: `http://localhost:${port}`, stop };
}
