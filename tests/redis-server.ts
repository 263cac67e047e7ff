// A real Redis for the tests: Debian's redis-server (required: `.ci/run` installs it) on a free
// loopback port, nothing persisted (--save '' --appendonly no), optionally with a password. It can
// be killed (SIGKILL: the counters are gone with it), stopped (SIGTERM), paused (SIGSTOP: it keeps
// its connections and answers nothing) and started again on the same port.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { closedPort } from './server-harness.ts';

export const REDIS_SERVER = '/usr/bin/redis-server';

export type RedisServer = {
  /** redis://[:password@]127.0.0.1:port */
  url: string;
  port: number;
  /** SIGKILL, and resolves once the process is gone (its port refuses connections). */
  kill(): Promise<void>;
  /** SIGTERM, and resolves once the process is gone. */
  stop(): Promise<void>;
  /** For afterAll: SIGKILL, and no more watching over the test process' exit. */
  close(): Promise<void>;
  /** Starts it again on the same port (empty), and resolves once it answers PING. */
  start(): Promise<void>;
  /** SIGSTOP: connections stay open, nothing is answered. */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
  /** Resolves once at least `count` clients (BFFs) are connected to it, or fails after `timeoutMs`. */
  waitForClients(count: number, timeoutMs?: number): Promise<void>;
};

/** Whether something on the port answers PING (+PONG, or -NOAUTH when a password is required). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}

/** How many clients are connected, besides the one asking (INFO clients). */
function connectedClients(port: number, password?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    socket.setTimeout(1_000, () => socket.destroy(new Error('no answer to INFO clients')));
    socket.once('error', reject);
    socket.once('connect', () => socket.write(`${password ? `AUTH ${password}\r\n` : ''}INFO clients\r\n`));
    socket.on('data', (data) => {
      answer += data.toString();
      const found = /connected_clients:(\d+)/.exec(answer);
      if (found) {
        socket.destroy();
        resolve(Number(found[1]) - 1);
      }
    });
  });
}

export async function startRedisServer(options: { password?: string } = {}): Promise<RedisServer> {
  try {
    execFileSync(REDIS_SERVER, ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(`${REDIS_SERVER} is required for these tests: apt-get install redis-server`);
  }
  const port = await closedPort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    tmpdir(),
    '--loglevel',
    'warning',
    ...(options.password ? ['--requirepass', options.password] : []),
  ];
  let child: ChildProcess | undefined;
  let output = '';
  // A test run that ends abruptly must not leave a redis-server behind.
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  async function start() {
    if (running()) throw new Error('redis-server is running already');
    output = '';
    const started = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    started.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = performance.now() + 5_000;
    while (!(await answersPing(port))) {
      if (!running()) throw new Error(`redis-server exited: ${output}`);
      if (performance.now() > deadline) throw new Error(`redis-server did not answer PING: ${output}`);
      await sleep(25);
    }
  }

  async function end(signal: NodeJS.Signals) {
    const current = child;
    if (!current || !running()) return;
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
    current.kill(signal);
    // A paused server acts on SIGTERM only once it runs again.
    current.kill('SIGCONT');
    await exited;
  }

  await start();
  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : '';
  return {
    url: `redis://${auth}127.0.0.1:${port}`,
    port,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    close: async () => {
      await end('SIGKILL');
      process.removeListener('exit', killOnExit);
    },
    start,
    waitForClients: async (count, timeoutMs = 20_000) => {
      const deadline = performance.now() + timeoutMs;
      while ((await connectedClients(port, options.password)) < count) {
        if (performance.now() > deadline) throw new Error(`fewer than ${count} clients connected to Redis`);
        await sleep(50);
      }
    },
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}
