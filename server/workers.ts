import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/**
 * More than one BFF process on one port (`BFF_WORKERS`, docs/decisions/0011): node:cluster, the
 * primary hands each new connection to a worker in turn. The primary runs no BFF: it starts the
 * workers (the rate limits hold across them with REDIS_URL: server/bff/rate-limits.ts), starts a
 * new worker when one dies, and on SIGTERM or SIGINT passes the signal on (each worker drains as a single BFF does: readiness 503, in-flight
 * calls answered), waits for every worker, then runs `after` (the sandbox's close) and exits.
 * Sessions need nothing shared: the tab's cookie holds its code. The circuit breakers are each
 * worker's own: every worker sees a failing backend by itself within a few calls.
 */
export const isBffWorker = (): boolean => cluster.isWorker;

/** A worker that dies this soon after it started is not restarted (a bad start would loop). */
const MIN_UPTIME_MS = 5_000;
/** The primary exits at 15 s after the signal whatever happens, as a single BFF does. */
const EXIT_LIMIT_MS = 15_000;

export type Supervised = { url: string };

/**
 * In the primary: forks `count` workers of this same script with `env` added to their environment,
 * and resolves with the address once all of them listen.
 */
export function superviseWorkers(
  count: number,
  options: { env: NodeJS.ProcessEnv; logger: Logger; after?: () => Promise<void> },
): Promise<Supervised> {
  const { logger } = options;
  let stopping = false;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork(options.env);
    startedAt.set(worker, Date.now());
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    const uptime = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    const left = Object.keys(cluster.workers ?? {}).length;
    // A clean exit is a worker told to stop (Ctrl-C reaches every process of the terminal): the
    // primary stops with the last one.
    if (code === 0) {
      if (left === 0) stop('SIGTERM');
      return;
    }
    logger.error({ worker: worker.id, code, signal }, 'a BFF worker exited');
    if (uptime >= MIN_UPTIME_MS) fork();
    else if (left === 0) process.exit(1);
  });

  const stop = (signal: 'SIGTERM' | 'SIGINT') => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), EXIT_LIMIT_MS).unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const exited = workers.map((w) => new Promise<void>((resolve) => w.once('exit', () => resolve())));
    for (const worker of workers) worker.process.kill(signal);
    void Promise.all(exited)
      .then(() => options.after?.())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: { message: (error as Error).message } }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  return new Promise((resolve, reject) => {
    let listening = 0;
    const onListening = (_worker: Worker, address: { address: string | null; port: number }) => {
      listening += 1;
      if (listening < count) return;
      cluster.off('listening', onListening);
      const host = !address.address || address.address === '0.0.0.0' ? 'localhost' : address.address;
      resolve({ url: `http://${host}:${address.port}` });
    };
    cluster.on('listening', onListening);
    const onEarlyExit = () => {
      if (listening < count) reject(new Error('a BFF worker exited before it listened'));
    };
    for (let i = 0; i < count; i++) fork().once('exit', onEarlyExit);
  });
}
