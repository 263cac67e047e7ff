// (d) of `npm run bench:bff`: two BFF replicas behind nginx sharing one Redis. Debian's redis-server on
// a free port (no persistence), two processes of the same bundle (REDIS_URL to it, TRUST_PROXY=127.0.0.1
// so nginx's X-Forwarded-For names the client), and nginx with an upstream of both (round robin,
// keep-alive, X-Forwarded-For). Then: the GETs at 1.8 times the rate one replica sustained in (b), open
// loop, from the many source addresses; and a card-payment burst from one client address through
// nginx, alternating over both replicas, to see the limit held exactly across them.
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { freePort } from '../free-port.ts';
import { MAX_SOURCE_ADDRESSES, sourceAddress } from './addresses.ts';
import { startNginx } from './nginx.ts';
import { type Latency, latency, runLoadOn, waitQuiet } from './phases.ts';
import { launch, type Started } from './processes.ts';
import { LOAD_CORE, PROXY_CORE, type ReplicasSettings } from './settings.ts';
import { readShedReasons, type ShedReasons, shedBetween } from './shed-reasons.ts';
import { check, startBff, type Target, waitForHttp } from './targets.ts';

export const REDIS_SERVER = '/usr/bin/redis-server';

export type Replicas = {
  redis: string;
  pinning: string;
  oneReplicaRps: number;
  offeredRps: number;
  seconds: number;
  sent: number;
  answered2xx: number;
  non2xx: Record<string, number>;
  /** Which limit of the guards shed the 503s, both replicas together (their metrics). */
  shedBy: ShedReasons | null;
  errors: number;
  latency: Latency;
  /** The two replicas' and nginx's CPU, in % of one core, while measured. */
  cpuPercent: number;
  lagP99Ms: number;
  maxInFlightPerAddress: number;
  card: {
    limitPerMinute: number;
    sent: number;
    /** Answers other than 429 (what the limit let through), by status, and the 429s. */
    admitted: number;
    limited: number;
    byStatus: Record<string, number>;
    /** How many calls each replica answered (nginx's X-Bench-Upstream). */
    byReplica: Record<string, number>;
    clientAddress: string;
  };
};

/** Waits until Redis answers PING on `port`, or the process exits. */
async function waitForRedis(entry: Started, port: number, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    if (entry.child.exitCode !== null || entry.child.signalCode !== null) {
      throw new Error(`redis-server exited before it answered:\n${entry.stderrTail()}`);
    }
    const pong = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.setTimeout(500, () => socket.destroy());
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (chunk: Buffer) => {
        resolve(chunk.toString('latin1').startsWith('+PONG'));
        socket.destroy();
      });
      socket.once('error', () => resolve(false));
      socket.once('close', () => resolve(false));
    });
    if (pong) return;
    if (Date.now() > until) throw new Error(`redis-server did not answer within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One POST with `{}` from `localAddress`: its status and the replica nginx sent it to. */
function postFrom(
  origin: string,
  pathName: string,
  localAddress: string,
): Promise<{ status: number; upstream: string }> {
  return new Promise((resolve, reject) => {
    const body = '{}';
    const request = http.request(
      `${origin}${pathName}`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': String(body.length),
        },
      },
      (answer) => {
        answer.resume();
        answer.once('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            upstream: String(answer.headers['x-bench-upstream'] ?? '?'),
          }),
        );
        answer.once('error', reject);
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

export const CARD_PAYMENT_PATH = '/api/order/payment/credit';

export function redisAvailable(): boolean {
  return existsSync(REDIS_SERVER);
}

/**
 * Starts Redis, two replicas over `stubUrl` and nginx in front; runs the load and the card burst.
 * Everything it starts is stopped by the run's stopAll.
 */
export async function measureReplicas(options: {
  tempDir: string;
  stubUrl: string;
  /** MAX_UPSTREAM_IN_FLIGHT of each replica, as in (c). */
  maxInFlight: number;
  staticDir: string;
  oneReplicaRps: number;
  settings: ReplicasSettings;
  pinning: boolean;
  print: (line: string) => void;
}): Promise<Replicas> {
  const { settings, print } = options;
  const redisPort = await freePort();
  const redis = launch(
    'redis-server',
    REDIS_SERVER,
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { core: LOAD_CORE, stdout: 'ignore', server: true },
  );
  await waitForRedis(redis, redisPort);
  const env: NodeJS.ProcessEnv = {
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    TRUST_PROXY: '127.0.0.1',
    MAX_UPSTREAM_IN_FLIGHT: String(options.maxInFlight),
    RATE_LIMIT_CARD_PAYMENTS_PER_MIN: String(settings.cardLimitPerMinute),
  };
  // Both replicas and nginx on the proxy's core, the generator, the stub and Redis on the load's (as in
  // (a)–(c)): over a backend that answers in 20 ms a replica's rate is bound by its cap of calls in
  // flight, not by its core (in (c) it used about a third of it), so two replicas double the calls in
  // flight on one core. Left to the kernel, a replica lands beside the generator and its loop waits
  // for the core: the guard then sheds for a lateness that is the benchmark's, not the replica's.
  const replicas = await Promise.all(
    ['replica 1', 'replica 2'].map((name) =>
      startBff(name, options.stubUrl, options.staticDir, undefined, print, { env, core: PROXY_CORE }),
    ),
  );
  const port = await freePort();
  const nginx = startNginx(
    path.join(options.tempDir, 'nginx-replicas'),
    [
      {
        name: 'replicas',
        port,
        upstreamPorts: replicas.map((r) => Number(new URL(r.origin).port)),
        keepalive: 256,
        forwarded: true,
      },
    ],
    PROXY_CORE,
  );
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(nginx, origin, 10_000);
  const target: Target = {
    key: 'bff',
    label: 'two BFF replicas behind nginx',
    origin,
    pids: [...replicas.map((r) => r.entry.pid), nginx.pid],
    metricsOrigins: replicas.map((r) => r.metricsOrigin),
  };
  // Both started on one core at once: until each has finished its start, the other's loop runs late
  // and its guard sheds (as it should, for a replica whose core is taken).
  await waitQuiet(target.pids, 10_000);
  await check(target);
  // Warm both replicas (V8 optimises each one's code) before the measured load.
  await runLoadOn(target, {
    mode: 'closed',
    connections: 50,
    warmupSeconds: 0,
    seconds: settings.warmupSeconds * 2,
  });

  const offered = Math.max(1, Math.round(options.oneReplicaRps * settings.multiple));
  const shedBefore = await readShedReasons(target.metricsOrigins ?? []);
  const r = await runLoadOn(target, {
    mode: 'open',
    rate: offered,
    connections: settings.connections,
    preconnect: 64,
    warmupSeconds: settings.warmupSeconds,
    seconds: settings.seconds,
    settleSeconds: settings.settleSeconds,
  });

  const shedBy = shedBetween(shedBefore, await readShedReasons(target.metricsOrigins ?? []));

  // The load's backlog drained first (an overloaded replica would shed the burst: that is no test of
  // the limit). Then the card burst: one client address (not one the load used), one call at a time,
  // through nginx.
  await waitQuiet(target.pids, 15_000);
  const clientAddress = sourceAddress(MAX_SOURCE_ADDRESSES - 1);
  const byStatus: Record<string, number> = {};
  const byReplica: Record<string, number> = {};
  for (let i = 0; i < settings.cardPayments; i++) {
    const { status, upstream } = await postFrom(origin, CARD_PAYMENT_PATH, clientAddress);
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    byReplica[upstream] = (byReplica[upstream] ?? 0) + 1;
  }
  const limited = byStatus['429'] ?? 0;
  const admitted = Object.entries(byStatus).reduce(
    (n, [status, count]) => (status.startsWith('2') ? n + count : n),
    0,
  );
  return {
    redis: `${REDIS_SERVER} --port ${redisPort} --save '' --appendonly no`,
    pinning: options.pinning
      ? `both replicas and nginx on core ${PROXY_CORE}; Redis, the stub and the generator on core ${LOAD_CORE}`
      : 'none (every process on every core)',
    oneReplicaRps: options.oneReplicaRps,
    offeredRps: offered,
    seconds: r.seconds,
    sent: r.sent,
    answered2xx: r.latencyUs.ok.length,
    non2xx: Object.fromEntries(Object.entries(r.byStatus).filter(([status]) => !status.startsWith('2'))),
    shedBy,
    errors: r.errors + r.unanswered,
    latency: latency(r.latencyUs.ok),
    cpuPercent: r.seconds > 0 ? Math.round((100 * r.targetCpuSeconds) / r.seconds) : 0,
    lagP99Ms: r.lagUs.p99 / 1000,
    maxInFlightPerAddress: r.maxInFlightPerAddress,
    card: {
      limitPerMinute: settings.cardLimitPerMinute,
      sent: settings.cardPayments,
      admitted,
      limited,
      byStatus,
      byReplica,
      clientAddress,
    },
  };
}
