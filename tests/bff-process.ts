// The child process of tests/spawn-bff-process.ts: the BFF with server/start.ts's wiring and signal
// handling (serveBff), without the SPA build. Standard output is one line, `{"url":"http://..."}`,
// once everything listens; logs go to standard error.
// - Without COMMERCE_API_URL, the sandbox runs in this process too, over an in-memory database, as
//   server/start.ts runs it (its own routes pass), and stops with the BFF: shutdown-under-load.test.ts.
// - With COMMERCE_API_URL (the test's own sandbox), the BFF alone in front of it, so several of them
//   can share that backend and, with REDIS_URL, one Redis: rate-limits-redis.test.ts.
import { loadConfig } from '../server/bff/config.ts';
import { serveBff } from '../server/bff/index.ts';
import { createLogger } from '../server/bff/logger.ts';
import { startSandbox } from '../server/sandbox/index.ts';

const level = process.env.LOG_LEVEL ?? 'warn';

const sandbox = process.env.COMMERCE_API_URL
  ? undefined
  : await startSandbox({
      dataFile: ':memory:',
      logger: createLogger(level, process.stderr).child({ name: 'sandbox' }),
    });
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  ...(sandbox ? { COMMERCE_API_URL: sandbox.url, SANDBOX_ROUTES: 'true' } : {}),
});
const url = await serveBff(config, {
  logger: createLogger(config.logLevel, process.stderr),
  frontend: { kind: 'none' },
  after: sandbox ? () => sandbox.close() : undefined,
});
process.stdout.write(`${JSON.stringify({ url: url.replace('localhost', '127.0.0.1') })}\n`);
