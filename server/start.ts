import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Frontend } from './bff/app.ts';
import { ConfigError, loadConfig } from './bff/config.ts';
import { serveBff } from './bff/index.ts';
import { createLogger } from './bff/logger.ts';
import { withRumOff } from './bff/static.ts';
import { ensureBuild, ROOT } from './build-state.ts';
import { startSandbox } from './sandbox/index.ts';

/**
 * What `npm start` (and `npm run dev` with --dev) runs: the sandbox commerce backend on a
 * loopback port when no COMMERCE_API_URL is configured, then the BFF serving the storefront. One
 * process: the BFF scales out as replicas (sharing rate limits through Redis), not in-process.
 */
const dev = process.argv.includes('--dev');
const env = { ...process.env };
const SANDBOX_LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const print = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  if (!env.COMMERCE_API_URL) {
    const dataFile = env.SANDBOX_DB ?? path.join(ROOT, '.data/sandbox.db');
    if (dataFile !== ':memory:') mkdirSync(path.dirname(dataFile), { recursive: true });
    // The links the sandbox "sends" to chat contacts point at this storefront.
    process.env.SANDBOX_STOREFRONT_URL ??= `http://localhost:${env.PORT ?? 3000}`;
    // The sandbox logs only unexpected errors, through the same masking logger as the BFF
    // (LOG_LEVEL itself is checked with the rest of the configuration below).
    const level = SANDBOX_LOG_LEVELS.find((l) => l === env.LOG_LEVEL) ?? 'info';
    sandbox = await startSandbox({
      dataFile,
      port: Number(env.SANDBOX_PORT ?? 0),
      logger: createLogger(level).child({ name: 'sandbox' }),
    });
    env.COMMERCE_API_URL = sandbox.url;
    // The sandbox-only calls (/api/sandbox/media, outbox, sessions) pass the BFF's allow-list.
    env.SANDBOX_ROUTES = 'true';
    const notice = 'SANDBOX commerce backend: demo data, no real orders or money';
    print('');
    print(`  ┌${'─'.repeat(notice.length + 4)}┐`);
    print(`  │  ${notice}  │`);
    print(`  └${'─'.repeat(notice.length + 4)}┘`);
    print(
      `  sandbox listening on ${sandbox.url} (data: ${dataFile === ':memory:' ? 'in memory' : path.relative(ROOT, dataFile)})`,
    );
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
  if (dev && !env.COOKIE_SECURE) config.cookieSecure = false;

  let frontend: Frontend = { kind: 'static' };
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' });
    const { readFile } = await import('node:fs/promises');
    frontend = {
      kind: 'middleware',
      handler: vite.middlewares,
      sendIndex: async (req, res, next) => {
        try {
          const html = await vite.transformIndexHtml(
            req.originalUrl,
            await readFile(path.join(ROOT, 'index.html'), 'utf8'),
          );
          res
            .set('Cache-Control', 'no-cache')
            .type('html')
            .send(config.rum ? html : withRumOff(html));
        } catch (error) {
          next(error);
        }
      },
    };
  } else if (!ensureBuild(print)) {
    process.stderr.write('The build failed: see the messages above.\n');
    process.exit(1);
  }

  const base = await serveBff(config, {
    logger: createLogger(config.logLevel),
    frontend,
    after: async () => sandbox?.close(),
  });
  print('');
  print(`  Storefront ${dev ? '(development, hot reload) ' : ''}on ${base}`);
  if (sandbox) {
    print('  Demo sessions:');
    const demos = [
      ['shopper on WhatsApp', 'demo-shopper'],
      ['operator (assisted sale)', 'demo-operator'],
      ['anonymous web chat', 'anonymous-session'],
    ] as const;
    for (const [who, code] of demos) print(`    ${who.padEnd(26)}${base}/catalog#${code}`);
    print('  More scenario sessions (seller step, manual payment, Mercado Pago...), test cards and');
    print("  coupons: README.md, 'Demo sessions'.");
  }
  print('');
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
