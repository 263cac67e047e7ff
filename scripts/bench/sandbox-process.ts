// The sandbox commerce backend alone, for `npm run bench:bff` (scripts/bench-bff.ts): a loopback
// port over an in-memory database (seeded with the demo sessions), in its own process so the
// benchmark can pin it to a core. Prints one line, `{"url":"http://..."}`, once it listens; exits on
// SIGTERM or SIGINT. Bundled by scripts/build-server.mjs: `node dist-server/bench-sandbox-process.mjs`.
import { createLogger } from '../../server/bff/logger.ts';
import { startSandbox } from '../../server/sandbox/index.ts';

// As server/start.ts runs it: it logs only unexpected errors, at the production level.
const sandbox = await startSandbox({
  dataFile: ':memory:',
  logger: createLogger(process.env.LOG_LEVEL ?? 'info').child({ name: 'sandbox' }),
});
const stop = () => {
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.stdout.write(`${JSON.stringify({ url: sandbox.url })}\n`);
