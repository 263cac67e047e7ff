// One BFF as a real process in front of a commerce backend that already runs (COMMERCE_API_URL: the
// test's own sandbox), so several of them can share that backend and, with REDIS_URL, one Redis
// (rate-limits-redis.test.ts). Logs go to standard error; standard output is one line,
// `{"url":"http://..."}`, once it listens. Started by tests/spawn-bff-process.ts.
import { loadConfig } from '../server/bff/config.ts';
import { exitOnSignals, startBff } from '../server/bff/index.ts';
import { createLogger } from '../server/bff/logger.ts';

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const logger = createLogger(config.logLevel, process.stderr);
const bff = await startBff(config, { logger, frontend: { kind: 'none' } });
exitOnSignals(bff, { logger });
process.stdout.write(`${JSON.stringify({ url: bff.url.replace('localhost', '127.0.0.1') })}\n`);
