// The production process (server/start.ts) minus the SPA build, for tests that need a real process
// to signal: the sandbox on a loopback port over an in-memory database, the BFF in front of it, the
// same signal handling as start.ts. Prints one line, `{"url":"http://..."}`, once everything
// listens. Started by tests/spawn-bff-process.ts.
import { loadConfig } from '../server/bff/config.ts';
import { serveBff } from '../server/bff/index.ts';
import { createLogger } from '../server/bff/logger.ts';
import { startSandbox } from '../server/sandbox/index.ts';

const level = process.env.LOG_LEVEL ?? 'warn';

const sandbox = await startSandbox({
  dataFile: ':memory:',
  logger: createLogger(level).child({ name: 'sandbox' }),
});
// As server/start.ts does when it runs the sandbox: its own routes (media, outbox, session copies) pass.
const sandboxEnv = { COMMERCE_API_URL: sandbox.url, PORT: '0', HOST: '127.0.0.1', SANDBOX_ROUTES: 'true' };
const config = loadConfig({ ...process.env, ...sandboxEnv });
const url = await serveBff(config, {
  logger: createLogger(config.logLevel),
  frontend: { kind: 'none' },
  after: () => sandbox.close(),
});
process.stdout.write(`${JSON.stringify({ url: url.replace('localhost', '127.0.0.1') })}\n`);
