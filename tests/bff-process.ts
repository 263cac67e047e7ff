// The production process (server/start.ts) minus the SPA build, for tests that need a real process
// to signal: the sandbox on a loopback port over an in-memory database, the BFF in front of it, the
// same signal handling as start.ts (exitOnSignals). Prints one line, `{"url":"http://..."}`, once
// both listen. Run it as `node --import tsx tests/bff-process.ts` (one process: signals reach it).
import { loadConfig } from '../server/bff/config.ts';
import { exitOnSignals, startBff } from '../server/bff/index.ts';
import { createLogger } from '../server/bff/logger.ts';
import { startSandbox } from '../server/sandbox/index.ts';

const level = process.env.LOG_LEVEL ?? 'warn';
const sandbox = await startSandbox({
  dataFile: ':memory:',
  logger: createLogger(level).child({ name: 'sandbox' }),
});
// As server/start.ts does when it runs the sandbox: its own routes (media, outbox, session copies) pass.
const config = loadConfig({
  ...process.env,
  COMMERCE_API_URL: sandbox.url,
  PORT: '0',
  HOST: '127.0.0.1',
  SANDBOX_ROUTES: 'true',
});
const logger = createLogger(config.logLevel);
const bff = await startBff(config, { logger, frontend: { kind: 'none' } });
exitOnSignals(bff, { logger, after: () => sandbox.close() });
process.stdout.write(`${JSON.stringify({ url: bff.url.replace('localhost', '127.0.0.1') })}\n`);
