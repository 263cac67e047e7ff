// Starts tests/bff-process.ts (the production wiring, without the SPA build) as a real child process,
// and waits for the address it prints. Only for what the in-process harness (tests/server-harness.ts)
// cannot show: a signal and the exit that follows (shutdown-under-load.test.ts: SIGTERM would stop the
// test runner itself), or several BFFs with nothing in common but Redis (rate-limits-redis.test.ts:
// in one process they would share module state, and the test would not prove the limit is shared
// through Redis). Everything else starts its servers with tests/server-harness.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '..');

export type BffProcess = {
  child: ChildProcess;
  url: string;
  /** Settles when the process exits, with its exit code and when (performance.now()). */
  exited: Promise<{ code: number | null; at: number }>;
  /** SIGKILL, unless it is gone already (for afterAll). */
  kill(): void;
};

/**
 * The process with `env` added to the test's environment, at LOG_LEVEL warn: over its own sandbox, or
 * in front of COMMERCE_API_URL when `env` gives one (see tests/bff-process.ts).
 */
export async function spawnBffProcess(env: NodeJS.ProcessEnv = {}, startMs = 15_000): Promise<BffProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bff-process.ts'], {
    cwd: ROOT,
    // The test process and its sandbox load this machine: not a reason to shed (see startTestBff).
    env: { ...process.env, LOG_LEVEL: 'warn', COMMERCE_API_URL: '', MAX_EVENT_LOOP_DELAY_MS: '1000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: performance.now() })),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the BFF did not start: ${stderr}`)), startMs);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`the BFF exited (${code}): ${stderr}`)));
  });
  // Keep reading: a full pipe would block the child's writes.
  lines.on('line', () => {});
  return {
    child,
    url,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
