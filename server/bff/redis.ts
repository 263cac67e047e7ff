import type { Logger } from 'pino';
import type { RedisClientType } from 'redis';

/**
 * The BFF's one connection to Redis (REDIS_URL), where the rate limits' counters live so every BFF
 * replica shares them (rate-limits.ts). Redis is never in the way of a shopper:
 * - the connection is made in the background: the BFF listens at once, whether Redis answers or not
 *   (the client library itself is loaded only then: a BFF without REDIS_URL never loads it); a
 *   command sent before the first attempt has ended waits for it, within its COMMAND_TIMEOUT_MS;
 * - a lost connection is made again and again, with a growing pause (0.1 s, 0.2 s... at most 2 s);
 * - while there is no connection a command fails at once instead of waiting in a queue, and a
 *   command Redis does not answer (a hung server, a dropped network) fails after COMMAND_TIMEOUT_MS:
 *   the caller decides what a failure means (rate-limits.ts: fail open or closed);
 * - one log line per change: 'redis unreachable' (warn) when it goes, 'redis back' (info) when it
 *   returns. The address is logged without its user and password.
 */

/** How long one command may wait for Redis' answer. */
export const COMMAND_TIMEOUT_MS = 500;

/** The most a reconnection waits after a failed attempt. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/** What Redis answers a raw command (rate-limit-redis' `RedisReply`). */
export type RedisReply = boolean | number | string | (boolean | number | string)[];

export type RedisConnection = {
  /** One raw command, e.g. ['INCR', 'key']: rejects at once while Redis is unreachable. */
  sendCommand(args: string[]): Promise<RedisReply>;
  /** Whether a connection is up now. */
  readonly ready: boolean;
  close(): Promise<void>;
};

/** The command got no answer in time (Redis hung, or the network dropped without closing). */
export class RedisTimeout extends Error {
  override name = 'RedisTimeout';
}

/** The address for a log line: scheme, host, port and database, never the user or password. */
export function redisLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'redis';
  }
}

export function connectRedis(
  url: string,
  logger: Logger,
  options: { commandTimeoutMs?: number } = {},
): RedisConnection {
  const commandTimeoutMs = options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS;
  const location = redisLocation(url);
  const password = (() => {
    try {
      return decodeURIComponent(new URL(url).password);
    } catch {
      return '';
    }
  })();
  /** An error's message as logged: the password cut out, should a message ever carry it. */
  const reason = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    return password ? message.replaceAll(password, '[redacted]') : message;
  };

  let client: RedisClientType | undefined;
  let state: 'starting' | 'up' | 'down' | 'closed' = 'starting';
  /** Settles with the first connection or the first failure: until then a command waits for it. */
  let started: () => void = () => {};
  const startup = new Promise<void>((resolve) => {
    started = resolve;
  });

  function up() {
    started();
    if (state === 'up' || state === 'closed') return;
    if (state === 'down') logger.info({ redis: location }, 'redis back');
    else logger.info({ redis: location }, 'redis connected');
    state = 'up';
  }
  function down(error: unknown) {
    started();
    if (state === 'down' || state === 'closed') return;
    logger.warn({ redis: location, reason: reason(error) }, 'redis unreachable');
    state = 'down';
  }

  const loading = import('redis').then(({ createClient }) => {
    if (state === 'closed') return;
    const created: RedisClientType = createClient({
      url,
      // A command while the connection is down fails at once (ClientOfflineError) instead of
      // waiting for it: a rate limit decision never waits on Redis' return.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: 2_000,
        reconnectStrategy: (retries) =>
          Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS) + Math.floor(Math.random() * 100),
      },
    });
    // Every failed attempt is an 'error' event (without a listener the process would crash).
    created.on('error', down);
    created.on('ready', up);
    client = created;
    // Not awaited: it settles with the first connection (or on close); reconnecting is the client's.
    created.connect().catch(() => {});
  });
  loading.catch((error: unknown) => down(error));

  return {
    get ready() {
      return client?.isReady ?? false;
    },
    sendCommand(args) {
      const send = () =>
        client && state !== 'closed'
          ? (client.sendCommand(args) as Promise<RedisReply>)
          : Promise.reject(new Error('The Redis client is closed'));
      let gaveUp = false;
      // Just started: the first connection is given the command's time to come up (and a command
      // given up on meanwhile is not sent late: it would count a call already decided).
      const sent =
        state === 'starting'
          ? startup.then(() => (gaveUp ? Promise.reject(new RedisTimeout('given up')) : send()))
          : send();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        // node-redis' own command timeout stops counting once the command is written: this one holds.
        // The timer's turn comes before the event loop reads the sockets: after a stall (a long
        // garbage collection, a busy core) an answer already there is read first (setImmediate).
        timer = setTimeout(
          () =>
            setImmediate(() => {
              gaveUp = true;
              reject(new RedisTimeout(`Redis did not answer within ${commandTimeoutMs} ms`));
            }),
          commandTimeoutMs,
        );
        timer.unref();
      });
      return Promise.race([sent, timeout]).then(
        (reply) => {
          clearTimeout(timer);
          if (state === 'down' && client?.isReady) up();
          return reply;
        },
        (error: unknown) => {
          clearTimeout(timer);
          // A first connection still under way is not a Redis gone: its own failure will say so.
          if (error instanceof RedisTimeout && state !== 'starting') down(error);
          // The late answer or failure of a command given up on is nobody's concern any more.
          sent.catch(() => {});
          throw error;
        },
      );
    },
    async close() {
      state = 'closed';
      await loading.catch(() => {});
      // Pending commands fail at once (the BFF has answered its calls by now).
      client?.destroy();
    },
  };
}
