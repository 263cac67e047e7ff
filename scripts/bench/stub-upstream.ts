// A stand-in commerce backend for `npm run bench:bff` (scripts/bench-bff.ts): a bare node:http
// server answering every request with one answer the sandbox gave (status, content type,
// cache-control and body, recorded by the benchmark), so the throughput through the BFF and through
// nginx can be measured where the upstream is not the bottleneck (the sandbox is an Express app over
// SQLite: on a shared core it serves far fewer calls per second than the bar asks of the BFF).
// Keep-alive as the sandbox's: Node's default server timeouts. Prints one line, `{"url":"http://..."}`,
// once it listens; exits on SIGTERM or SIGINT.
// Bundled by scripts/build-server.mjs; run as `node dist-server/bench-stub-upstream.mjs <answer.json>`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { RecordedAnswer } from './bff/nginx.ts';
import { serveOnLoopback } from './serve-on-loopback.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: stub-upstream.ts <answer.json>');
const answer = JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer;
const body = Buffer.from(answer.body, 'utf8');
const headers = { ...answer.headers, 'content-length': String(body.length) };

const server = createServer((req, res) => {
  req.resume();
  res.writeHead(answer.status, headers);
  res.end(body);
});
serveOnLoopback(server);
