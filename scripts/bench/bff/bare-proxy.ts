// The bare Node proxy of `npm run bench:bff`: the least a Node proxy does, on the BFF's runtime and
// core. node:http in front of an undici keep-alive pool with the BFF's pool size; it forwards the
// path and the Accept header, reads the whole answer and sends it back with its status, content type
// and cache-control. Nothing else: no security headers, request id, log line, session, allow-list,
// breaker, deadline, in-flight cap or envelope check. Its figures beside the BFF's show what those cost.
// Takes COMMERCE_API_URL like the BFF; prints `{"url":"http://..."}` once it listens; stops on SIGTERM
// or SIGINT. Bundled by scripts/bench/bff/bundle.ts.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

const upstream = process.env.COMMERCE_API_URL;
if (!upstream) throw new Error('bare-proxy: COMMERCE_API_URL is required');
const pool = new Pool(upstream, { connections: 128, keepAliveTimeout: 30_000 });

const server = createServer((req, res) => {
  const headers: Record<string, string> = {};
  if (req.headers.accept) headers.accept = req.headers.accept;
  req.resume();
  forward(req.url ?? '/', headers, res).catch(() => {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
});

async function forward(path: string, headers: Record<string, string>, res: ServerResponse) {
  const answer = await pool.request({ path, method: 'GET', headers });
  const body = Buffer.from(await answer.body.arrayBuffer());
  res.writeHead(answer.statusCode, {
    'content-type': String(answer.headers['content-type'] ?? 'application/json'),
    'cache-control': String(answer.headers['cache-control'] ?? 'no-store'),
    'content-length': body.length,
  });
  res.end(body);
}
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
