// The processes of `npm run bench:bff`: started here (never a running `npm start`), pinned to a core
// with taskset when the machine allows it, and all stopped on exit or Ctrl-C. A server that exits
// during the run stops the run with it (a crash, not a missed bar).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { SERVER_DIST, SERVER_NODE_FLAGS } from '../../build-server.mjs';
import { ROOT } from './settings.ts';

const children = new Set<ChildProcess>();
const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
let pinning = false;
let stopping = false;
let crashed: Error | undefined;

/** Pins the processes started from now on when there are 2 cores or more and taskset works. */
export function pinWhenPossible(cpus: number): boolean {
  pinning = cpus >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  return pinning;
}

/** Throws the error of a server that exited during the run, if one did. */
export function throwIfCrashed() {
  if (crashed) throw crashed;
}

/** Starts a process, on `core` when pinning (taskset execs the command: the pid is the process's). */
export function launch(
  name: string,
  command: string,
  args: string[],
  options: {
    core: string;
    env?: NodeJS.ProcessEnv;
    stdout?: 'pipe' | number;
    stderr?: 'pipe' | 'inherit' | number;
  },
): ChildProcess {
  const [file, argv] = pinning ? ['taskset', ['-c', options.core, command, ...args]] : [command, args];
  const child = spawn(file, argv, {
    cwd: ROOT,
    env: options.env ?? process.env,
    stdio: ['ignore', options.stdout ?? 'pipe', options.stderr ?? 'inherit'],
  });
  children.add(child);
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && name !== 'load') {
      crashed ??= new Error(`${name} exited (${signal ?? code}) during the run`);
    }
  });
  return child;
}

/**
 * A server of the run, bundled and started with the Node flags of scripts/build-server.mjs (the BFF
 * as `npm start` runs it).
 */
export type BuiltServer =
  | 'bench-bff-process'
  | 'bench-sandbox-process'
  | 'bench-stub-upstream'
  | 'bench-bare-node-proxy';

const node = (server: BuiltServer, ...args: string[]) =>
  [process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, SERVER_DIST, `${server}.mjs`), ...args]] as const;

/** The first line a process prints (its `{"url": ...}`), within `ms`. */
function firstLine(child: ChildProcess, stream: Readable | null, name: string, ms = 20_000): Promise<string> {
  if (!stream) return Promise.reject(new Error(`${name}: no output stream`));
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => fail(new Error(`${name} did not start within ${ms / 1000} s`)), ms);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      cleanup();
      const rest = buffered.slice(end + 1);
      // Whatever comes after the first line (warnings, a crash) is still shown.
      if (rest) process.stderr.write(rest);
      stream.on('data', (more: Buffer) => process.stderr.write(more));
      resolve(buffered.slice(0, end));
    };
    const onExit = (code: number | null) => fail(new Error(`${name} exited (${code}) before it started`));
    function cleanup() {
      clearTimeout(timer);
      stream?.off('data', onData);
      child.off('exit', onExit);
    }
    function fail(error: Error) {
      cleanup();
      reject(error);
    }
    stream.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Starts one of the servers of scripts/bench/, built, and waits for the URL it prints. */
export async function startNodeServer(
  name: string,
  script: BuiltServer,
  options: { core: string; args?: string[]; env?: NodeJS.ProcessEnv; logFd?: number },
) {
  const [command, args] = node(script, ...(options.args ?? []));
  // The BFF prints its log on stdout (as in production) and its address on stderr.
  const logged = options.logFd !== undefined;
  const child = launch(name, command, [...args], {
    core: options.core,
    env: options.env,
    stdout: logged ? options.logFd : 'pipe',
    stderr: logged ? 'pipe' : 'inherit',
  });
  const line = await firstLine(child, logged ? child.stderr : child.stdout, name);
  const { url } = JSON.parse(line) as { url: string };
  return { child, url };
}

export async function stopAll() {
  stopping = true;
  const running = [...children].filter(alive);
  // SIGINT: the BFF stops without its 2 s readiness drain, nginx shuts down fast.
  for (const child of running) child.kill('SIGINT');
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (!alive(child)) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
        }),
    ),
  );
}

export async function waitForHttp(url: string, headers: Record<string, string>, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await fetch(url, { headers });
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
