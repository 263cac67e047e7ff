import { createServer } from 'node:net';

/**
 * Whether something already listens on the port, found by trying to listen there for a moment.
 * `npm start` asks before building the storefront, so a second start or a busy port fails in a
 * second with a clear line, not after a minute of building with a bare EADDRINUSE.
 */
export function portInUse(port: number, host: string): Promise<boolean> {
  if (port === 0) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(true);
      else reject(error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}
