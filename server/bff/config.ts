import proxyAddr from 'proxy-addr';
import { z } from 'zod';

/**
 * The BFF's configuration, read once from the environment at start.
 * A bad value stops the process with one clear line per problem, instead of failing later on a request.
 */
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) address, e.g. https://commerce.example.com' })
  .transform((value) => value.replace(/\/+$/, ''));

const milliseconds = (fallback: number) => z.coerce.number().int().min(100).max(600_000).default(fallback);

const perMinute = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');

/** redis:// or rediss:// (TLS), e.g. redis://:password@redis.internal:6379/0; empty: not set. */
const redisUrl = z
  .union([z.literal(''), z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// address' })])
  .optional()
  .transform((value) => value || undefined);

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** The interface to listen on: loopback for a local demo; 0.0.0.0 in a container (the image sets it). */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /**
   * The proxies in front of the BFF whose X-Forwarded-For and X-Forwarded-Proto are believed: a
   * comma-separated list of addresses or CIDRs (or proxy-addr's names: loopback, linklocal,
   * uniquelocal). Default: none, so no caller can pick the address its rate limits count under.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine(
      (entries) => {
        try {
          proxyAddr.compile(entries);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'must be addresses or CIDRs separated by commas, e.g. 10.0.0.0/8,192.168.1.10' },
    ),
  /** Calls in flight per replica; beyond it a call is answered 503 at once (overload-guard.ts). */
  MAX_UPSTREAM_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(256),
  /** ...and from one client address; unset: an eighth of MAX_UPSTREAM_IN_FLIGHT (at least 4). */
  MAX_UPSTREAM_IN_FLIGHT_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).optional(),
  /**
   * While the event loop's mean delay over the last 100 ms is above this, every call is answered
   * 503 at once: a call admitted then would wait at least that long.
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(5).max(10_000).default(40),
  /** A client has this long to send its request's headers (slow-header attacks are cut here). */
  HEADERS_TIMEOUT_MS: milliseconds(10_000),
  /** ...and this long to send the whole request, body included. */
  REQUEST_TIMEOUT_MS: milliseconds(30_000),
  /** An idle keep-alive connection is closed after this (set it above a load balancer's idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(5_000),
  /** Open connections to this replica, all callers together. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(4_096),
  /** Open connections from one address (a trusted proxy's connections are not counted). */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(128),
  /** Serve GET /metrics (Prometheus) on this port of its own (0: off). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  /** Or serve it on the public port to callers sending `Authorization: Bearer <token>` (16+ characters). */
  METRICS_TOKEN: z.union([z.literal(''), z.string().trim().min(16)]).optional(),
  COMMERCE_API_URL: httpUrl,
  UPSTREAM_CONNECT_TIMEOUT_MS: milliseconds(2_000),
  UPSTREAM_TIMEOUT_MS: milliseconds(15_000),
  UPSTREAM_PAYMENT_TIMEOUT_MS: milliseconds(45_000),
  /** Largest request body the BFF forwards (bytes); the sandbox's own limit is 64 KB. */
  REQUEST_BODY_LIMIT_BYTES: z.coerce.number().int().min(1_024).max(10_000_000).default(65_536),
  /** Largest JSON answer the BFF reads from the backend before calling it garbage (bytes). */
  UPSTREAM_MAX_ANSWER_BYTES: z.coerce.number().int().min(1_024).max(100_000_000).default(8_000_000),
  /** Share of a route group's calls (0-1) failing because the backend is down that opens its circuit. */
  BREAKER_THRESHOLD: z.coerce.number().gt(0).lt(1).default(0.5),
  /** The window over which that share is sampled. */
  BREAKER_WINDOW_MS: milliseconds(10_000),
  /** Different clients that must meet a 502/503/504 within the window before such answers count. */
  BREAKER_MIN_CLIENTS: z.coerce.number().int().min(1).max(1_000).default(3),
  /** Calls the window must hold before the circuit may open (a handful of failures open nothing). */
  BREAKER_MIN_CALLS: z.coerce.number().int().min(1).max(100_000).default(10),
  /** How long an open circuit answers 503 at once before one probe call is let through. */
  BREAKER_COOLDOWN_MS: z.coerce.number().int().min(10).max(600_000).default(10_000),
  RATE_LIMIT_CARD_PAYMENTS_PER_MIN: perMinute(10),
  RATE_LIMIT_COUPONS_PER_MIN: perMinute(30),
  /** New Pix codes and sends of the code to the chat, per tab: one shopper renews once per expiry. */
  RATE_LIMIT_PIX_CHARGES_PER_MIN: perMinute(10),
  RATE_LIMIT_SESSION_OPENS_PER_MIN: perMinute(60),
  /** 'Abrir no navegador' tokens per tab (decision 0024): a shopper taps it once or twice. */
  RATE_LIMIT_SESSION_TRANSFERS_PER_MIN: perMinute(5),
  RATE_LIMIT_TRAY_LINKS_PER_MIN: perMinute(10),
  /** Real-user monitoring beacons (POST /rum) per IP: a page sends one to three per visit. */
  RATE_LIMIT_RUM_PER_MIN: perMinute(60),
  /**
   * Public product reads per IP (decision 0024): the share link's page, its preview picture and
   * GET /api/public/shops/:slug/products/:productId, the calls anyone may make without a session.
   */
  RATE_LIMIT_PUBLIC_READS_PER_MIN: perMinute(120),
  /**
   * The storefront's public address, e.g. https://loja.exemplo.com.br: the absolute links of the share
   * links' previews (og:url, og:image) are built from it, never from a request's Host or X-Forwarded-*
   * headers (a cached preview must not point where a caller said). Default: http://localhost:$PORT.
   */
  PUBLIC_URL: z.union([z.literal(''), httpUrl]).optional(),
  /** Where the rate limits' counters live, shared by every BFF replica; unset: in each process's memory. */
  REDIS_URL: redisUrl,
  /** The sandbox-only calls (/api/sandbox/...): set by server/start.ts when it runs the sandbox. */
  SANDBOX_ROUTES: flag('false'),
  /** Real-user monitoring: the pages report their Core Web Vitals to POST /rum (false: not served, not sent). */
  RUM: flag('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COOKIE_SECURE: flag('true'),
  /** Session cookies a browser keeps (one per chat link opened); opening one more expires the least recently used. */
  SESSION_COOKIE_CAP: z.coerce.number().int().min(1).max(150).default(30),
  STATIC_DIR: z.string().trim().min(1).default('dist'),
  TRAY_CONSUMER_KEY: optionalText,
  TRAY_CALLBACK_URL: z.union([z.literal(''), httpUrl]).optional(),
  TRAY_ADMIN_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  MERCADOPAGO_PUBLIC_KEY: optionalText,
  RECAPTCHA_SITE_KEY: optionalText,
});

export type BffConfig = {
  port: number;
  host: string;
  /** Trusted proxies (proxy-addr entries): empty, none. */
  trustProxy: string[];
  server: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnections: number;
    maxConnectionsPerIp: number;
  };
  metrics: { port: number; token?: string };
  commerceApiUrl: string;
  upstream: {
    connectTimeoutMs: number;
    timeoutMs: number;
    paymentTimeoutMs: number;
    maxAnswerBytes: number;
  };
  /** The overload guard's limits (overload-guard.ts). */
  overload: { maxInFlight: number; maxInFlightPerClient: number; maxLoopDelayMs: number };
  /** Per breaker group (catalog, order, payment, session, tray...). */
  breaker: { threshold: number; windowMs: number; minCalls: number; minClients: number; cooldownMs: number };
  bodyLimitBytes: number;
  /**
   * Calls allowed per minute: card payments per session, coupons per session, new Pix codes and
   * sends of the code per session, failed session opens per IP, session transfer tokens per session,
   * Tray links per IP, real-user
   * monitoring beacons per IP.
   */
  rateLimits: {
    cardPayments: number;
    coupons: number;
    pixCharges: number;
    sessionOpens: number;
    sessionTransfers: number;
    trayLinks: number;
    rum: number;
    publicReads: number;
  };
  /** The storefront's public address without a trailing slash (PUBLIC_URL): share links' previews use it. */
  publicUrl: string;
  /** Redis holding the rate limits' counters for every replica (rate-limits.ts); unset: in memory. */
  redisUrl?: string;
  /** Whether the sandbox-only calls (/api/sandbox/...) are allowed through. */
  sandboxRoutes: boolean;
  /** Whether pages report their Core Web Vitals (POST /rum: rum-route.ts). */
  rum: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  cookieSecure: boolean;
  /** Session cookies per browser (session.ts): past it, the least recently used are expired. */
  sessionCookieCap: number;
  staticDir: string;
  tray: { consumerKey?: string; callbackUrl?: string; adminOrigins: string[] };
  mercadoPagoPublicKey?: string;
  recaptchaSiteKey?: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    server: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN || undefined },
    commerceApiUrl: e.COMMERCE_API_URL,
    upstream: {
      connectTimeoutMs: e.UPSTREAM_CONNECT_TIMEOUT_MS,
      timeoutMs: e.UPSTREAM_TIMEOUT_MS,
      paymentTimeoutMs: e.UPSTREAM_PAYMENT_TIMEOUT_MS,
      maxAnswerBytes: e.UPSTREAM_MAX_ANSWER_BYTES,
    },
    overload: {
      maxInFlight: e.MAX_UPSTREAM_IN_FLIGHT,
      maxInFlightPerClient:
        e.MAX_UPSTREAM_IN_FLIGHT_PER_CLIENT ?? Math.max(4, Math.floor(e.MAX_UPSTREAM_IN_FLIGHT / 8)),
      maxLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    },
    breaker: {
      threshold: e.BREAKER_THRESHOLD,
      windowMs: e.BREAKER_WINDOW_MS,
      minCalls: e.BREAKER_MIN_CALLS,
      minClients: e.BREAKER_MIN_CLIENTS,
      cooldownMs: e.BREAKER_COOLDOWN_MS,
    },
    bodyLimitBytes: e.REQUEST_BODY_LIMIT_BYTES,
    rateLimits: {
      cardPayments: e.RATE_LIMIT_CARD_PAYMENTS_PER_MIN,
      coupons: e.RATE_LIMIT_COUPONS_PER_MIN,
      pixCharges: e.RATE_LIMIT_PIX_CHARGES_PER_MIN,
      sessionOpens: e.RATE_LIMIT_SESSION_OPENS_PER_MIN,
      sessionTransfers: e.RATE_LIMIT_SESSION_TRANSFERS_PER_MIN,
      trayLinks: e.RATE_LIMIT_TRAY_LINKS_PER_MIN,
      rum: e.RATE_LIMIT_RUM_PER_MIN,
      publicReads: e.RATE_LIMIT_PUBLIC_READS_PER_MIN,
    },
    publicUrl: e.PUBLIC_URL || `http://localhost:${e.PORT}`,
    redisUrl: e.REDIS_URL,
    sandboxRoutes: e.SANDBOX_ROUTES,
    rum: e.RUM,
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE,
    sessionCookieCap: e.SESSION_COOKIE_CAP,
    staticDir: e.STATIC_DIR,
    tray: {
      consumerKey: e.TRAY_CONSUMER_KEY,
      callbackUrl: e.TRAY_CALLBACK_URL || undefined,
      adminOrigins: e.TRAY_ADMIN_ORIGINS,
    },
    mercadoPagoPublicKey: e.MERCADOPAGO_PUBLIC_KEY,
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
  };
}
