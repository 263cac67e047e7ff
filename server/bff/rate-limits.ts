import { ClusterMemoryStoreWorker } from '@express-rate-limit/cluster-memory-store';
import type { Request } from 'express';
import { Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { isBffWorker } from '../workers.ts';
import type { BffConfig } from './config.ts';
import { sendError } from './errors.ts';
import { handleForCode, sessionCodeFrom } from './session.ts';

/**
 * Rate limits on the calls that can be abused (in memory, one-minute windows; with BFF_WORKERS > 1
 * the counters live in the cluster's primary, so a limit holds whichever worker a call reaches):
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

function limiter(name: string, limit: number, keyGenerator: (req: Request) => string, onlyFailures = false) {
  return rateLimit({
    store: isBffWorker() ? new ClusterMemoryStoreWorker({ prefix: name }) : undefined,
    // The primary's counters out of reach (it answers each count within 1 s): the call goes on
    // rather than failing a shopper; the limit is a guard against abuse, not a gate of the flow.
    passOnStoreError: true,
    windowMs: WINDOW_MS,
    limit,
    keyGenerator,
    skipSuccessfulRequests: onlyFailures,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (_req, res) => sendError(res, 'rate_limited'),
  });
}

const CARD_PAYMENTS = ['/api/order/payment/credit', '/api/order/payment/mercadoPago'];
const COUPON = '/api/order/coupon';
const SESSION_OPEN = '/api/session';
const TRAY_LINK = '/tray/link-store';

/** The limited paths (Express patterns): proxied-calls.ts leaves every call to them to Express. */
export const RATE_LIMITED_PATHS: readonly string[] = [...CARD_PAYMENTS, COUPON, SESSION_OPEN, TRAY_LINK];

export function rateLimits(config: BffConfig): Router {
  const limits = config.rateLimits;
  const router = Router();
  router.post(CARD_PAYMENTS, limiter('card-payments', limits.cardPayments, ipAndSession));
  router.post(COUPON, limiter('coupons', limits.coupons, ipAndSession));
  router.post(SESSION_OPEN, limiter('session-opens', limits.sessionOpens, ip, true));
  router.post(TRAY_LINK, limiter('tray-links', limits.trayLinks, ip));
  return router;
}
