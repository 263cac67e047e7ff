import { z } from 'zod';

/**
 * The BFF's configuration, read once from the environment at start.
 * A bad value stops the process with one clear line per problem, instead of failing later on a request.
 */
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) address, e.g. https://commerce.example.com' })
  .transform((value) => value.replace(/\/+$/, ''));

const milliseconds = (fallback: number) => z.coerce.number().int().min(100).max(600_000).default(fallback);

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  COMMERCE_API_URL: httpUrl,
  UPSTREAM_CONNECT_TIMEOUT_MS: milliseconds(2_000),
  UPSTREAM_TIMEOUT_MS: milliseconds(15_000),
  UPSTREAM_PAYMENT_TIMEOUT_MS: milliseconds(45_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
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
  commerceApiUrl: string;
  upstream: { connectTimeoutMs: number; timeoutMs: number; paymentTimeoutMs: number };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  cookieSecure: boolean;
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
    commerceApiUrl: e.COMMERCE_API_URL,
    upstream: {
      connectTimeoutMs: e.UPSTREAM_CONNECT_TIMEOUT_MS,
      timeoutMs: e.UPSTREAM_TIMEOUT_MS,
      paymentTimeoutMs: e.UPSTREAM_PAYMENT_TIMEOUT_MS,
    },
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE,
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
