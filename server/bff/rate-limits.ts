import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  type IncrementResponse,
  ipKeyGenerator,
  MemoryStore,
  type Options,
  rateLimit,
  type Store,
} from 'express-rate-limit';
import type { Logger } from 'pino';
import { RedisStore } from 'rate-limit-redis';
import type { BffConfig } from './config.ts';
import { sendError } from './errors.ts';
import { connectRedis, type RedisConnection } from './redis.ts';
import { handleForCode, sessionCodeFrom } from './session.ts';

/**
 * Rate limits on the calls that can be abused, one-minute windows:
 * - card payment (credit card and Mercado Pago), coupon and Pix code (a new one, or a send to the
 *   chat): per IP and tab session, so one shopper cannot try card after card or coupon after coupon,
 *   nor make charge after charge, and shoppers behind one carrier NAT do not share a budget;
 * - session open: per IP, counting only the opens that fail (guessing codes); a shopper
 *   reopening their link is never held back;
 * - Tray link: per IP;
 * - real-user monitoring beacon (POST /rum): per IP;
 * - public product reads (the share link's page and preview, and the public product call): per IP.
 * Over the limit: 429 with the envelope, a Portuguese message, Retry-After and the draft-7
 * RateLimit headers.
 *
 * Where the counters live: with REDIS_URL, in Redis (redis.ts), one key per limit and client, shared
 * by every BFF replica, so a limit holds whichever replica a call reaches; without it, in this
 * process' memory. Redis unreachable or not answering (each decision waits at most
 * DECISION_TIMEOUT_MS), the BFF keeps serving:
 * - coupons, Pix codes, session opens, Tray links, beacons and public reads fail OPEN: the call goes on, unlimited, rather than
 *   failing a shopper (the limit is a guard against abuse, not a gate of the flow);
 * - card payments fail CLOSED: 503 'payments_unavailable' with Retry-After, because a card-testing
 *   attacker must not get unlimited tries while Redis is down.
 */
const WINDOW_MS = 60_000;

/** The longest a limit waits for its counter before deciding as if Redis were down. */
export const DECISION_TIMEOUT_MS = 800;

/** Retry-After (seconds) of the 503 answered to a card payment while its limit cannot be checked. */
export const PAYMENTS_RETRY_AFTER_SECONDS = 5;

/** The limited call families, each put on its calls by the call table (call-table.ts `rateLimit`). */
export type RateLimits = {
  cardPayments: RequestHandler;
  coupons: RequestHandler;
  pixCharges: RequestHandler;
  sessionOpens: RequestHandler;
  sessionTransfers: RequestHandler;
  trayLinks: RequestHandler;
  rum: RequestHandler;
  publicReads: RequestHandler;
  /** Closes the Redis connection, if any, and stops the memory stores' timers. */
  close(): Promise<void>;
};

const ip = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/** IP and the tab session's handle (never the session code itself: the store keeps its keys). */
const ipAndSession = (req: Request) => {
  const code = sessionCodeFrom(req);
  return `${ip(req)}|${code ? handleForCode(code) : '-'}`;
};

type Family = {
  /** Prefix of its keys in Redis (and the name its limiter is known by). */
  name: string;
  key: (req: Request) => string;
  /** Only the calls that fail count (session opens: guessing codes). */
  onlyFailures: boolean;
  /** What a call gets when the counter cannot be reached: 'open' goes on, 'closed' is refused. */
  whenStoreDown: 'open' | 'closed';
};

const FAMILIES = {
  cardPayments: { name: 'card-payments', key: ipAndSession, onlyFailures: false, whenStoreDown: 'closed' },
  coupons: { name: 'coupons', key: ipAndSession, onlyFailures: false, whenStoreDown: 'open' },
  pixCharges: { name: 'pix-charges', key: ipAndSession, onlyFailures: false, whenStoreDown: 'open' },
  sessionOpens: { name: 'session-opens', key: ip, onlyFailures: true, whenStoreDown: 'open' },
  sessionTransfers: {
    name: 'session-transfers',
    key: ipAndSession,
    onlyFailures: false,
    whenStoreDown: 'open',
  },
  trayLinks: { name: 'tray-links', key: ip, onlyFailures: false, whenStoreDown: 'open' },
  rum: { name: 'rum', key: ip, onlyFailures: false, whenStoreDown: 'open' },
  publicReads: { name: 'public-reads', key: ip, onlyFailures: false, whenStoreDown: 'open' },
} as const satisfies Record<Exclude<keyof RateLimits, 'close'>, Family>;

/** The counter could not be read or moved (Redis down, slow or failing): the family's rule decides. */
class StoreUnavailable extends Error {
  override name = 'StoreUnavailable';
}

function withinDecisionTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    // As in redis.ts: an answer that came during a stall of the event loop is read first.
    timer = setTimeout(
      () => setImmediate(() => reject(new StoreUnavailable(`no counter within ${DECISION_TIMEOUT_MS} ms`))),
      DECISION_TIMEOUT_MS,
    );
    timer.unref();
  });
  return Promise.race([work, late]).then(
    (value) => {
      clearTimeout(timer);
      return value;
    },
    (error: unknown) => {
      clearTimeout(timer);
      work.catch(() => {});
      throw error instanceof StoreUnavailable ? error : new StoreUnavailable((error as Error).message);
    },
  );
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/**
 * A limit's counters in Redis (rate-limit-redis: one key per client, counted and given its expiry
 * by one Lua script, so two replicas never both take the last try). Every failure or delay becomes
 * StoreUnavailable within DECISION_TIMEOUT_MS.
 */
class SharedStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  readonly #redis: RedisStore;

  constructor(connection: RedisConnection, prefix: string) {
    this.prefix = prefix;
    this.#redis = new RedisStore({
      prefix,
      sendCommand: async (...args: string[]) => {
        try {
          return await connection.sendCommand(args);
        } catch (error) {
          // rate-limit-redis loads its scripts once, when the limiter is made, and would keep a
          // failed load (Redis not up yet) for good. A script's id is the SHA-1 of its text, what
          // Redis itself answers: with it, the first use on a Redis that lacks the script gets
          // NOSCRIPT, and the store loads the script then and runs it again.
          const [command, subcommand, script] = args;
          if (command === 'SCRIPT' && subcommand === 'LOAD' && script !== undefined) return sha1(script);
          throw error;
        }
      },
    });
  }

  init(options: Options) {
    return this.#redis.init(options);
  }
  increment(key: string): Promise<IncrementResponse> {
    return withinDecisionTime(this.#redis.increment(key));
  }
  decrement(key: string): Promise<void> {
    return withinDecisionTime(this.#redis.decrement(key));
  }
  resetKey(key: string): Promise<void> {
    return withinDecisionTime(this.#redis.resetKey(key));
  }
  get(key: string) {
    return withinDecisionTime(this.#redis.get(key));
  }
}

/** express-rate-limit's own warnings and errors, in the BFF's log (a store failure: redis.ts logs it). */
function limiterLogger(logger: Logger): Options['logger'] {
  const fields = (error: unknown) => ({
    err: { type: (error as Error)?.name, message: (error as Error)?.message ?? String(error) },
  });
  return {
    warn: (error, message) => logger.warn(fields(error), message ?? 'rate limit'),
    error: (error, message) => {
      if (error instanceof StoreUnavailable) logger.debug(fields(error), message ?? 'rate limit');
      else logger.error(fields(error), message ?? 'rate limit');
    },
  };
}

export function createRateLimits(config: BffConfig, logger: Logger): RateLimits {
  const redis = config.redisUrl ? connectRedis(config.redisUrl, logger) : undefined;
  const memoryStores: MemoryStore[] = [];

  function limiter(family: Family, limit: number): RequestHandler {
    let store: Store;
    if (redis) {
      store = new SharedStore(redis, `rl:${family.name}:`);
    } else {
      const memory = new MemoryStore();
      memoryStores.push(memory);
      store = memory;
    }
    const limited = rateLimit({
      store,
      // A store failure reaches the handler below, which applies the family's rule.
      passOnStoreError: false,
      windowMs: WINDOW_MS,
      limit,
      keyGenerator: family.key,
      skipSuccessfulRequests: family.onlyFailures,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      handler: (_req, res) => sendError(res, 'rate_limited'),
      logger: limiterLogger(logger),
    });
    return (req: Request, res: Response, next: NextFunction) => {
      limited(req, res, (error?: unknown) => {
        if (!(error instanceof StoreUnavailable)) {
          next(error);
        } else if (family.whenStoreDown === 'open') {
          next();
        } else {
          res.setHeader('Retry-After', String(PAYMENTS_RETRY_AFTER_SECONDS));
          sendError(res, 'payments_unavailable');
        }
      });
    };
  }

  const limits = config.rateLimits;
  return {
    cardPayments: limiter(FAMILIES.cardPayments, limits.cardPayments),
    coupons: limiter(FAMILIES.coupons, limits.coupons),
    pixCharges: limiter(FAMILIES.pixCharges, limits.pixCharges),
    sessionOpens: limiter(FAMILIES.sessionOpens, limits.sessionOpens),
    sessionTransfers: limiter(FAMILIES.sessionTransfers, limits.sessionTransfers),
    trayLinks: limiter(FAMILIES.trayLinks, limits.trayLinks),
    rum: limiter(FAMILIES.rum, limits.rum),
    publicReads: limiter(FAMILIES.publicReads, limits.publicReads),
    close: async () => {
      for (const store of memoryStores) store.shutdown();
      await redis?.close();
    },
  };
}
