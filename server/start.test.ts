// npm start as the people who deploy it use it: settings from .env, stopped by a signal sent to npm,
// refusing to guess in production. Real processes: `npm start` itself, or server/start.ts run from
// another working directory (its .env is the one there).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, openSessionCall, startRecordingUpstream } from '../tests/server-harness.ts';
import { READINESS_DRAIN_MS } from './bff/index.ts';
import { portInUse } from './port-check.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
const running: ChildProcess[] = [];
const folders: string[] = [];

/** A working directory with a built-looking SPA (so no build runs) and, if given, a .env. */
function workingDirectory(envFile?: string): { cwd: string; staticDir: string } {
  const cwd = mkdtempSync(path.join(tmpdir(), 'start-'));
  folders.push(cwd);
  const staticDir = path.join(cwd, 'spa');
  mkdirSync(staticDir);
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Loja</title>');
  if (envFile !== undefined) writeFileSync(path.join(cwd, '.env'), envFile);
  return { cwd, staticDir };
}

/** The test runner's environment without the settings a developer's shell may carry. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn' };
  return { ...env, ...extra };
}

function launch(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** server/start.ts, as npm start runs it, from `cwd`. */
function startFrom(cwd: string, env: Record<string, string>): Started {
  // tsx looks for tsconfig.json (the `@/` paths) in the working directory: name the project's.
  const tsconfig = { TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json') };
  return launch(
    process.execPath,
    ['--import', TSX, path.join(ROOT, 'server/start.ts')],
    cwd,
    cleanEnv({ ...tsconfig, ...env }),
  );
}

async function waitForOutput(started: Started, pattern: RegExp, ms = 30_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const match = started.output().match(pattern);
    if (match) return match;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${pattern} in the output:\n${started.output()}`);
}

let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>;
beforeAll(async () => {
  upstream = await startRecordingUpstream();
});
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
afterAll(() => upstream.close());

describe('npm start reads .env', { timeout: 60_000 }, () => {
  it('listens on the PORT and calls the COMMERCE_API_URL written in .env', async () => {
    const port = await closedPort();
    const { cwd, staticDir } = workingDirectory(
      `PORT=${port}\nCOMMERCE_API_URL=${upstream.url}\nSTATIC_DIR=spa\n`,
    );
    const started = startFrom(cwd, {});
    const [, listening] = await waitForOutput(started, /Storefront on (http:\/\/localhost:\d+)/);
    expect(listening).toBe(`http://localhost:${port}`);
    expect(started.output()).toContain(`Commerce backend: ${upstream.url}`);
    expect(started.output()).not.toContain('SANDBOX');
    const before = upstream.requests.length;
    await openSessionCall(`http://127.0.0.1:${port}`, 'codigo-do-chat');
    expect(upstream.requests.length).toBeGreaterThan(before);
    expect(await (await fetch(`http://127.0.0.1:${port}/catalog`)).text()).toBe(
      readFileSync(path.join(staticDir, 'index.html'), 'utf8'),
    );
  });

  it('.env.example copied as it is, with PORT set, starts: its empty values mean the defaults', async () => {
    const port = await closedPort();
    const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8')
      .replace(/^PORT=.*$/m, `PORT=${port}`)
      .replace(/^COMMERCE_API_URL=.*$/m, `COMMERCE_API_URL=${upstream.url}`)
      .replace(/^STATIC_DIR=.*$/m, 'STATIC_DIR=spa');
    const { cwd } = workingDirectory(example);
    const started = startFrom(cwd, {});
    await waitForOutput(started, new RegExp(`Storefront on http://localhost:${port}`));
    // HOST left to its default: loopback only.
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  });

  it('a variable set in the environment wins over .env', async () => {
    const [filePort, envPort] = [await closedPort(), await closedPort()];
    const { cwd } = workingDirectory(`PORT=${filePort}\nCOMMERCE_API_URL=${upstream.url}\nSTATIC_DIR=spa\n`);
    const started = startFrom(cwd, { PORT: String(envPort) });
    await waitForOutput(started, new RegExp(`Storefront on http://localhost:${envPort}`));
    expect(await portInUse(filePort, '127.0.0.1')).toBe(false);
  });
});

describe('production refuses to guess', { timeout: 60_000 }, () => {
  it('NODE_ENV=production without COMMERCE_API_URL stops with one line and listens nowhere', async () => {
    const port = await closedPort();
    const { cwd } = workingDirectory(`PORT=${port}\nSTATIC_DIR=spa\n`);
    const started = startFrom(cwd, { NODE_ENV: 'production' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toBe(
      'NODE_ENV=production and no COMMERCE_API_URL: set COMMERCE_API_URL to the commerce backend, or SANDBOX=true to serve the demo sandbox on purpose.\n',
    );
    expect(await portInUse(port, '127.0.0.1')).toBe(false);
  });

  it('with SANDBOX=true it serves the demo sandbox, banner and sandbox-only calls included', async () => {
    const port = await closedPort();
    const { cwd } = workingDirectory(`PORT=${port}\nSTATIC_DIR=spa\nSANDBOX=true\nSANDBOX_DB=:memory:\n`);
    const started = startFrom(cwd, { NODE_ENV: 'production' });
    await waitForOutput(started, /Storefront on/);
    expect(started.output()).toContain('SANDBOX commerce backend: demo data, no real orders or money');
    // A sandbox-only call goes through (with a real backend it would be the BFF's unknown-call 404).
    const outbox = await fetch(`http://127.0.0.1:${port}/api/sandbox/outbox?session=demo-shopper`);
    expect(outbox.status).toBe(200);
  });

  it('SANDBOX_ROUTES with a real backend stops the start', async () => {
    const { cwd } = workingDirectory(
      `COMMERCE_API_URL=${upstream.url}\nSANDBOX_ROUTES=true\nSTATIC_DIR=spa\n`,
    );
    const started = startFrom(cwd, { PORT: String(await closedPort()) });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/^SANDBOX_ROUTES is set with a real backend/);
  });

  it('a busy port is reported at once, before any build', async () => {
    const port = await closedPort();
    const first = startFrom(workingDirectory().cwd, {
      PORT: String(port),
      COMMERCE_API_URL: upstream.url,
      STATIC_DIR: workingDirectory().staticDir,
    });
    await waitForOutput(first, /Storefront on/);
    // The project's own dist/ as STATIC_DIR: a start that got past the port would build it.
    const second = startFrom(workingDirectory().cwd, {
      PORT: String(port),
      COMMERCE_API_URL: upstream.url,
      STATIC_DIR: path.join(ROOT, 'dist'),
    });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(new RegExp(`^Port ${port} on 127.0.0.1 is already in use`));
    expect(second.output()).not.toContain('Building');
  });
});

describe('stopping npm start the way process managers do', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to npm's PID stops the server with its drain and frees the port`, async () => {
      const port = await closedPort();
      const { staticDir } = workingDirectory();
      const npm = launch(
        'npm',
        ['start', '--silent'],
        ROOT,
        cleanEnv({
          PORT: String(port),
          SANDBOX_DB: ':memory:',
          STATIC_DIR: staticDir,
          COMMERCE_API_URL: '',
          LOG_LEVEL: 'info',
        }),
      );
      const [, nodePid] = await waitForOutput(npm, /Process (\d+):/, 60_000);
      const sentAt = performance.now();
      npm.child.kill(signal);
      await npm.exited;
      // Within the drain (readiness 503 first on SIGTERM), with a second to spare for the sandbox.
      expect(performance.now() - sentAt).toBeLessThan(READINESS_DRAIN_MS + 3_000);
      expect(await portInUse(port, '127.0.0.1')).toBe(false);
      expect(() => process.kill(Number(nodePid), 0)).toThrow(/ESRCH/);
      expect(npm.output()).toContain(`"signal":"${signal}"`);
    }, 90_000);
  }
});
