// The stub commerce backend of `npm run bench:bff`: a bare node:http server answering every request
// with one small JSON envelope (STUB_BODY), after STUB_DELAY_MS (0: at once), keep-alive as a backend
// behind a load balancer keeps it. Its own process on the load's core, so it never shares an event
// loop with the load generator or a proxy. Prints one line, `{"url":"http://..."}`, once it listens;
// stops on SIGTERM or SIGINT. Bundled by scripts/bench/bff/bundle.ts.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STUB_BODY } from './settings.ts';

const delay = Number(process.env.STUB_DELAY_MS ?? 0);
const body = Buffer.from(STUB_BODY);
const headers = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'content-length': String(body.length),
};
const answer = (res: ServerResponse) => {
  res.writeHead(200, headers);
  res.end(body);
};
const server = createServer((req, res) => {
  req.resume();
  if (delay > 0) setTimeout(answer, delay, res);
  else answer(res);
});
// A backend keeps its connections open longer than the proxies' pools do (undici: 30 s idle).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
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
