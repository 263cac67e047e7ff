import path from 'node:path';
import type { Frontend } from './bff/app.ts';
import { ConfigError, loadConfig } from './bff/config.ts';
import { serveBff } from './bff/index.ts';
import { createLogger } from './bff/logger.ts';
import { withRumOff } from './bff/static.ts';
import { ensureBuild, ROOT } from './build-state.ts';
import { readEnvironment } from './environment.ts';
import { portInUse } from './port-check.ts';
import { planBackend, StartRefusal } from './start-plan.ts';

/**
 * What `npm start` (and `npm run dev` with --dev) runs. Settings: the environment over the working
 * directory's `.env` (environment.ts). The backend: COMMERCE_API_URL, or else the sandbox commerce
 * backend on a loopback port (never on its own in production: start-plan.ts). One process: the BFF
 * scales out as replicas (sharing rate limits through Redis), not in-process. SIGTERM and SIGINT
 * stop it with a drain (bff/index.ts); `npm start` runs node with no shell left between npm and it,
 * so a signal sent to npm's PID reaches this process (scripts/start.mjs).
 */
const dev = process.argv.includes('--dev');
/** The Pix scenario session (server/sandbox/seed/scenarios.ts), printed with the demo links. */
const PIX_DEMO = 'demo-pix';
const SANDBOX_LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const print = (line: string) => process.stdout.write(`${line}\n`);

/** Stops the start with its reason on stderr (one line, but for a list of bad settings). */
function refuse(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  const { env, file: envFile } = readEnvironment();
  let plan: ReturnType<typeof planBackend>;
  try {
    plan = planBackend(env, ROOT);
  } catch (error) {
    if (error instanceof StartRefusal) refuse(error.message);
    throw error;
  }
  // Checked with a placeholder for the sandbox's address: a bad setting stops the start before the
  // sandbox opens its data. SANDBOX_ROUTES is this file's to set, never the operator's (start-plan.ts).
  const { SANDBOX_ROUTES: _operatorSandboxRoutes, ...operatorEnv } = env;
  const configEnv = {
    ...operatorEnv,
    COMMERCE_API_URL: plan.backend === 'configured' ? plan.url : 'http://127.0.0.1',
  };
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(configEnv);
  } catch (error) {
    if (error instanceof ConfigError) refuse(`${error.message}\nSee .env.example for every setting.`);
    throw error;
  }
  if (dev && !env.COOKIE_SECURE) config.cookieSecure = false;
  if (envFile) print(`  Settings: the environment, then ${path.relative(process.cwd(), envFile) || '.env'}`);

  if (await portInUse(config.port, config.host)) {
    refuse(
      `Port ${config.port} on ${config.host} is already in use (another npm start?): stop it, or set another PORT (e.g. PORT=${config.port + 1}).`,
    );
  }

  let sandbox: { url: string; close(): Promise<void> } | undefined;
  if (plan.backend === 'sandbox') {
    const { dataFile } = plan;
    // Loaded only here: a start with a real backend never loads the sandbox or its database driver.
    const { startSandbox } = await import('./sandbox/index.ts');
    const { pixChargesFromEnv } = await import('./sandbox/payment/pix-switch.ts');
    const { chatAppExtensionOn } = await import('./sandbox/shop/chat-app-switch.ts');
    // The links the sandbox "sends" to chat contacts point at this storefront.
    process.env.SANDBOX_STOREFRONT_URL = env.SANDBOX_STOREFRONT_URL ?? config.publicUrl;
    // The sandbox logs only unexpected errors, through the same masking logger as the BFF.
    const level = SANDBOX_LOG_LEVELS.find((l) => l === env.LOG_LEVEL) ?? 'info';
    sandbox = await startSandbox({
      dataFile,
      port: Number(env.SANDBOX_PORT ?? 0),
      logger: createLogger(level).child({ name: 'sandbox' }),
      // SANDBOX_PIX_CHARGES=off: a backend without the Pix charge extension (decision 0023).
      pixCharges: pixChargesFromEnv(env.SANDBOX_PIX_CHARGES),
      // SANDBOX_CHAT_APP=off: a backend without the chat app's extensions (decision 0024).
      chatApp: chatAppExtensionOn(env),
    });
    config.commerceApiUrl = sandbox.url;
    // The sandbox-only calls (/api/sandbox/media, outbox, sessions) pass the BFF's call table.
    config.sandboxRoutes = true;
    const notice = 'SANDBOX commerce backend: demo data, no real orders or money';
    print('');
    print(`  ┌${'─'.repeat(notice.length + 4)}┐`);
    print(`  │  ${notice}  │`);
    print(`  └${'─'.repeat(notice.length + 4)}┘`);
    print(
      `  sandbox listening on ${sandbox.url} (data: ${dataFile === ':memory:' ? 'in memory' : path.relative(ROOT, dataFile)})`,
    );
  } else {
    print(`  Commerce backend: ${new URL(config.commerceApiUrl).origin}`);
  }

  let frontend: Frontend = { kind: 'static' };
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' });
    const { readFile } = await import('node:fs/promises');
    const indexHtml = async (req: { originalUrl: string }) => {
      const html = await vite.transformIndexHtml(
        req.originalUrl,
        await readFile(path.join(ROOT, 'index.html'), 'utf8'),
      );
      return config.rum ? html : withRumOff(html);
    };
    frontend = {
      kind: 'middleware',
      handler: vite.middlewares,
      indexHtml,
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
  } else if (path.resolve(config.staticDir) === path.join(ROOT, 'dist') && !ensureBuild(print)) {
    // Only the project's own dist/ is built here; a STATIC_DIR elsewhere is served as it is.
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
  print(`  Process ${process.pid}: Ctrl-C or SIGTERM stops it (calls in flight finish first).`);
  if (sandbox) {
    print('  Demo sessions:');
    const demos = [
      ['shopper on WhatsApp', 'demo-shopper'],
      ['operator (assisted sale)', 'demo-operator'],
      ['anonymous web chat', 'anonymous-session'],
    ] as const;
    for (const [who, code] of demos) print(`    ${who.padEnd(26)}${base}/catalog#${code}`);
    // The Pix scenario: finish with Pix, then the sandbox's 'paid' notification (README, 'Demo sessions').
    print(`    ${'Pix, paid in the sandbox'.padEnd(26)}${base}/order/checkout#${PIX_DEMO}`);
    print(
      `    ${''.padEnd(26)}then: curl -X POST ${base}/api/sandbox/pix/paid -H 'content-type: application/json' -d '{"session":"${PIX_DEMO}"}'`,
    );
    print('  More scenario sessions (seller step, manual payment, Mercado Pago...), test cards and');
    print("  coupons: README.md, 'Demo sessions'.");
  }
  print('');
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
