// The processes of `npm run bench:bff`: each started here in its own process group (so whatever it
// starts, nginx's worker included, is stopped with it), pinned to a core with taskset when the
// machine allows it, and all stopped at the end, on an error, on Ctrl-C or SIGTERM. A server that
// exits during the run fails the run.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { LOAD_CORE, ROOT } from './settings.ts';

export type Started = {
  name: string;
  child: ChildProcess;
  pid: number;
  /** The last few kilobytes it wrote on stderr (shown when it fails). */
  stderrTail(): string;
  exited: Promise<number | string | null>;
  /** Whether its exit before stopAll fails the run (a server, once it is up). */
  server: boolean;
};

const started = new Set<Started>();
let pinning = false;
let stopping = false;
let crashed: Error | undefined;

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Pins from now on when there are two cores and taskset works, and moves this process (every
 * thread) to the load's core. Returns whether it pins.
 */
export function setUpPinning(cores: number): boolean {
  pinning = cores >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  if (pinning) spawnSync('taskset', ['-a', '-p', '-c', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
  return pinning;
}

/** Throws the error of a server that exited during the run, if one did. */
export function throwIfCrashed() {
  if (crashed) throw crashed;
}

/**
 * Starts a process on `core` (taskset execs the command: the pid is the command's; null: on any
 * core). `server`: its exit before stopAll is a crash.
 */
export function launch(
  name: string,
  command: string,
  args: readonly string[],
  options: { core: string | null; env?: NodeJS.ProcessEnv; stdout: 'pipe' | 'ignore'; server: boolean },
): Started {
  const [file, argv] =
    pinning && options.core !== null
      ? ['taskset', ['-c', options.core, command, ...args]]
      : [command, [...args]];
  const child = spawn(file, argv, {
    cwd: ROOT,
    env: options.env ?? process.env,
    stdio: ['ignore', options.stdout, 'pipe'],
    detached: true,
  });
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4_000);
  });
  const exited = new Promise<number | string | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? code));
    child.once('error', (error) => resolve(error.message));
  });
  const entry: Started = {
    name,
    child,
    pid: child.pid ?? 0,
    stderrTail: () => tail,
    exited,
    server: options.server,
  };
  started.add(entry);
  void exited.then((how) => {
    started.delete(entry);
    if (entry.server && !stopping) {
      crashed ??= new Error(`${name} exited (${how}) during the run${tail ? `:\n${tail}` : ''}`);
    }
    // Anything it left in its group (nginx's worker after its master): gone too.
    killGroup(entry.pid, 'SIGKILL');
  });
  return entry;
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Stops one process (and its group): `signal`, then SIGKILL after `graceMs`. */
export async function stop(entry: Started, signal: NodeJS.Signals = 'SIGINT', graceMs = 5_000) {
  if (!alive(entry.child)) return;
  killGroup(entry.pid, signal);
  const timer = setTimeout(() => killGroup(entry.pid, 'SIGKILL'), graceMs);
  await entry.exited;
  clearTimeout(timer);
}

/** Stops every process started here. SIGINT: the BFF closes without its readiness drain. */
export async function stopAll() {
  stopping = true;
  await Promise.all([...started].map((entry) => stop(entry)));
}

/** The last resort on exit: SIGKILL to every group still there (synchronous). */
export function killAllNow() {
  stopping = true;
  for (const entry of started) killGroup(entry.pid, 'SIGKILL');
}

/** The first line a process prints on stdout (a helper's `{"url": ...}`), within `ms`. */
export function firstLine(entry: Started, ms = 15_000): Promise<string> {
  const stream = entry.child.stdout;
  if (!stream) return Promise.reject(new Error(`${entry.name}: no stdout`));
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => done(new Error(`${entry.name} did not start within ${ms / 1000} s`)), ms);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const end = buffered.indexOf('\n');
      if (end >= 0) done(undefined, buffered.slice(0, end));
    };
    const onExit = () => done(new Error(`${entry.name} exited before it started:\n${entry.stderrTail()}`));
    function done(error?: Error, line?: string) {
      clearTimeout(timer);
      stream?.off('data', onData);
      entry.child.off('exit', onExit);
      // Keep reading: a full pipe would block the child.
      stream?.resume();
      if (error) reject(error);
      else resolve(line ?? '');
    }
    stream.on('data', onData);
    entry.child.once('exit', onExit);
  });
}

/** Runs a process to its end and returns its stdout (the load generator's one JSON line). */
export async function runToEnd(entry: Started): Promise<string> {
  let out = '';
  entry.child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const how = await entry.exited;
  if (how !== 0) throw new Error(`${entry.name} failed (${how}):\n${entry.stderrTail()}`);
  return out;
}
