// How the benchmark's own small servers (stub-upstream.ts, bare-node-proxy.ts) run: on a free
// loopback port, printing one line, `{"url":"http://..."}`, once they listen (scripts/bench/bff/
// processes.ts reads it), and exiting on SIGTERM or SIGINT.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export function serveOnLoopback(server: Server): void {
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
