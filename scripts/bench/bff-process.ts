// The BFF alone, as `npm start` runs it in production minus the SPA (frontend 'none': the benchmark
// calls the API only), pointed at a backend given in COMMERCE_API_URL, for `npm run bench:bff`
// (scripts/bench-bff.ts). Same configuration loading, the same logger (request lines at
// LOG_LEVEL, info by default, on stdout: the caller redirects it), the same signal handling and,
// with BFF_WORKERS > 1, the same workers (server/workers.ts).
// Prints one line on stderr, `{"url":"http://..."}`, once it listens (stdout carries the log).
// Bundled by scripts/build-server.mjs; run as `node dist-server/bench-bff-process.mjs`.
import { loadConfig } from '../../server/bff/config.ts';
import { serveBff } from '../../server/bff/index.ts';
import { createLogger } from '../../server/bff/logger.ts';

const config = loadConfig({ ...process.env, PORT: process.env.PORT ?? '0', HOST: '127.0.0.1' });
const url = await serveBff(config, { logger: createLogger(config.logLevel), frontend: { kind: 'none' } });
// Only the primary (or the single process) reports the address.
if (url) {
  process.stderr.write(
    `${JSON.stringify({ url: url.replace('localhost', '127.0.0.1'), logLevel: config.logLevel })}\n`,
  );
}
