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

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  /** BFF processes on the one port (node:cluster, server/workers.ts): up to one per core. */
  BFF_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  COMMERCE_API_URL: httpUrl,
  UPSTREAM_CONNECT_TIMEOUT_MS: milliseconds(2_000),
  UPSTREAM_TIMEOUT_MS: milliseconds(15_000),
  UPSTREAM_PAYMENT_TIMEOUT_MS: milliseconds(45_000),
  /** Largest request body the BFF forwards (bytes); the sandbox's own limit is 64 KB. */
  REQUEST_BODY_LIMIT_BYTES: z.coerce.number().int().min(1_024).max(10_000_000).default(65_536),
  /** Largest JSON answer the BFF reads from the backend before calling it garbage (bytes). */
  UPSTREAM_MAX_ANSWER_BYTES: z.coerce.number().int().min(1_024).max(100_000_000).default(8_000_000),
  /** Consecutive connection failures or timeouts of one route group that open its circuit. */
  BREAKER_FAILURES: z.coerce.number().int().min(1).max(1_000).default(5),
  /** How long an open circuit answers 503 at once before one probe call is let through. */
  BREAKER_COOLDOWN_MS: z.coerce.number().int().min(10).max(600_000).default(10_000),
  RATE_LIMIT_CARD_PAYMENTS_PER_MIN: perMinute(10),
  RATE_LIMIT_COUPONS_PER_MIN: perMinute(30),
  RATE_LIMIT_SESSION_OPENS_PER_MIN: perMinute(60),
  RATE_LIMIT_TRAY_LINKS_PER_MIN: perMinute(10),
  /** The sandbox-only calls (/api/sandbox/...): set by server/start.ts when it runs the sandbox. */
  SANDBOX_ROUTES: flag('false'),
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
  /** How many BFF processes serve the port (1: this process alone). */
  workers: number;
  commerceApiUrl: string;
  upstream: {
    connectTimeoutMs: number;
    timeoutMs: number;
    paymentTimeoutMs: number;
    maxAnswerBytes: number;
  };
  /** Per route group (catalog, order, payment, session, tray...). */
  breaker: { failures: number; cooldownMs: number };
  bodyLimitBytes: number;
  /** Calls allowed per minute: card payments per session, coupons per session, failed session opens per IP, Tray links per IP. */
  rateLimits: { cardPayments: number; coupons: number; sessionOpens: number; trayLinks: number };
  /** Whether the sandbox-only calls (/api/sandbox/...) are allowed through. */
  sandboxRoutes: boolean;
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
    workers: e.BFF_WORKERS,
    commerceApiUrl: e.COMMERCE_API_URL,
    upstream: {
      connectTimeoutMs: e.UPSTREAM_CONNECT_TIMEOUT_MS,
      timeoutMs: e.UPSTREAM_TIMEOUT_MS,
      paymentTimeoutMs: e.UPSTREAM_PAYMENT_TIMEOUT_MS,
      maxAnswerBytes: e.UPSTREAM_MAX_ANSWER_BYTES,
    },
    breaker: { failures: e.BREAKER_FAILURES, cooldownMs: e.BREAKER_COOLDOWN_MS },
    bodyLimitBytes: e.REQUEST_BODY_LIMIT_BYTES,
    rateLimits: {
      cardPayments: e.RATE_LIMIT_CARD_PAYMENTS_PER_MIN,
      coupons: e.RATE_LIMIT_COUPONS_PER_MIN,
      sessionOpens: e.RATE_LIMIT_SESSION_OPENS_PER_MIN,
      trayLinks: e.RATE_LIMIT_TRAY_LINKS_PER_MIN,
    },
    sandboxRoutes: e.SANDBOX_ROUTES,
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
