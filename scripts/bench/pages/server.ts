/**
 * The server bench:pages measures: its own production server on a free port, or one already
 * running (BENCH_URL); and stopping what it started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, ROOT } from '@server/build-state.ts';
import { buildServer, SERVER_DIST } from '../../build-server.mjs';
import { freePort } from '../free-port.ts';

/** Where the server answers, and the build it serves. */
type Target = { base: string; build: string };

type Cleanup = () => Promise<void> | void;
const cleanups: Cleanup[] = [];

async function waitUntilReady(base: string, server: ChildProcess | undefined, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`The server exited (code ${server.exitCode})`);
    try {
      const response = await fetch(`${base}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${base}/readyz did not answer within ${timeoutMs / 1000} s`);
}

/**
 * The production server on a free port over a fresh in-memory sandbox (the developer's .data/ is
 * never touched), serving a private copy of the build: the frontend is edited and rebuilt while we
 * measure, and a rebuild empties dist/ under a running benchmark.
 */
export async function startOwnServer(): Promise<Target> {
  console.log('Checking the build (rebuilds when the sources changed)...');
  if (!ensureBuild((line) => console.log(line))) throw new Error('The build failed: see the messages above');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
  cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));
  const staticDir = path.join(scratch, 'dist');
  cpSync(path.join(ROOT, 'dist'), staticDir, { recursive: true });
  const build = entryScript(readFileSync(path.join(staticDir, 'index.html'), 'utf8'));

  const port = await freePort();
  // As `npm start` runs it: the server bundled into plain JavaScript (scripts/build-server.mjs).
  await buildServer();
  const server = spawn(process.execPath, [`${SERVER_DIST}/start.mjs`], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      COMMERCE_API_URL: '', // always the sandbox, whatever the developer's environment says
      SANDBOX_DB: ':memory:',
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // If this script dies any other way, the server must not outlive it.
  const killNow = () => server.exitCode === null && server.kill('SIGKILL');
  process.once('exit', killNow);
  cleanups.push(async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    // SIGINT: the BFF stops at once (SIGTERM would first answer 503 for a while, for a load
    // balancer there is not), then closes the sandbox (server/bff/index.ts).
    server.kill('SIGINT');
    const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  });

  // The session cookie is Secure: Chromium accepts it over plain http because localhost counts as
  // a secure origin (the e2e tests use the same address).
  const base = `http://localhost:${port}`;
  try {
    await waitUntilReady(base, server, 300_000);
  } catch (error) {
    console.error(output);
    throw error;
  }
  return { base, build };
}

/** An already running server (BENCH_URL): it must answer, and must not be the Vite dev server. */
export async function attachToRunningServer(base: string): Promise<Target> {
  await waitUntilReady(base, undefined, 10_000);
  const html = await (await fetch(`${base}/catalog`)).text();
  if (html.includes('/@vite/client')) {
    throw new Error(`${base} is the Vite dev server (npm run dev): measure the production build (npm start)`);
  }
  return { base, build: entryScript(html) };
}

/** The entry chunk's hashed name identifies the build that was measured. */
const entryScript = (html: string) => /<script[^>]+src="([^"]+)"/.exec(html)?.[1] ?? 'unknown';

/** Stops the server this script started and removes its copy of the build (nothing when attached). */
export async function stopOwnServer() {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await step();
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
