// A reference for `npm run bench:bff` (scripts/bench-bff.ts): the least a Node proxy can do, on the
// same runtime and core as the BFF. node:http in front of an undici keep-alive pool with the BFF's
// pool settings; it forwards the call's path, its Accept and Authorization headers, reads the whole
// answer and sends it back with its status, content type and cache-control. Nothing else: no security
// headers, request id, log line, session, allow-list, breaker, deadline or envelope check. What it
// sustains is the ceiling of any Node proxy on this core; the BFF's figure next to it shows what the
// BFF's own behaviours cost (docs/decisions/0011). It takes COMMERCE_API_URL like the BFF; prints one
// line, `{"url":"http://..."}`, once it listens; exits on SIGTERM or SIGINT.
// Bundled by scripts/build-server.mjs; run as `node dist-server/bench-bare-node-proxy.mjs`.
import { createServer } from 'node:http';
import { Pool } from 'undici';
import { serveOnLoopback } from './serve-on-loopback.ts';

const upstream = process.env.COMMERCE_API_URL;
if (!upstream) throw new Error('bare-node-proxy.ts: COMMERCE_API_URL is required');
const pool = new Pool(upstream, { connections: 128, keepAliveTimeout: 30_000 });

const server = createServer((req, res) => {
  const headers: Record<string, string> = {};
  if (req.headers.accept) headers.accept = req.headers.accept;
  if (req.headers.authorization) headers.authorization = req.headers.authorization;
  pool.request({ path: req.url ?? '/', method: 'GET', headers }).then(
    (answer) => {
      const chunks: Buffer[] = [];
      answer.body.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.body.once('end', () => {
        const body = Buffer.concat(chunks);
        res.writeHead(answer.statusCode, {
          'content-type': String(answer.headers['content-type'] ?? 'application/json'),
          'cache-control': String(answer.headers['cache-control'] ?? 'no-store'),
          'content-length': body.length,
        });
        res.end(body);
      });
      answer.body.once('error', () => res.destroy());
    },
    () => {
      res.writeHead(502).end();
    },
  );
});
serveOnLoopback(server);
