import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { LimitName } from './call-table.ts';
import type { BffConfig } from './config.ts';
import { sendError } from './errors.ts';
import { handleForCode, sessionCodeFrom } from './session.ts';

/**
 * Rate limits on the calls that can be abused (one-minute windows), one handler per family, put on
 * its calls by the call table (call-table.ts):
 * - card payment (credit card and Mercado Pago) and coupon: per IP and tab session, so one
 *   shopper cannot try card after card or coupon after coupon, and shoppers behind one carrier
 *   NAT do not share a budget;
 * - session open: per IP, counting only the opens that fail (guessing codes); a shopper
 *   reopening their link is never held back;
 * - Tray link: per IP.
 * Over the limit: 429 with the envelope, a Portuguese message and Retry-After.
 */
const WINDOW_MS = 60_000;

const ip = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/** IP and the tab session's handle (never the session code itself: the store keeps its keys). */
const ipAndSession = (req: Request) => {
  const code = sessionCodeFrom(req);
  return `${ip(req)}|${code ? handleForCode(code) : '-'}`;
};

export type RateLimits = Record<LimitName, RequestHandler> & { close(): Promise<void> };

export function createRateLimits(config: BffConfig, _logger: Logger): RateLimits {
  const limits = config.rateLimits;
  const limiter = (limit: number, keyGenerator: (req: Request) => string, onlyFailures = false) =>
    rateLimit({
      windowMs: WINDOW_MS,
      limit,
      keyGenerator,
      skipSuccessfulRequests: onlyFailures,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      handler: (_req, res) => sendError(res, 'rate_limited'),
    });
  return {
    cardPayments: limiter(limits.cardPayments, ipAndSession),
    coupons: limiter(limits.coupons, ipAndSession),
    sessionOpens: limiter(limits.sessionOpens, ip, true),
    trayLinks: limiter(limits.trayLinks, ip),
    close: async () => {},
  };
}
