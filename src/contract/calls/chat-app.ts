// The chat app's calls: optional extensions of the contract (src/contract/chat-app.ts, decision
// 0024). A backend without them answers 404; the SPA then offers no share link and no 'Abrir no
// navegador', and the share page says the product cannot be shown.
import {
  publicProductPageSchema,
  publicProductParams,
  sessionTransferRedeemBody,
  sessionTransferRedemptionSchema,
  sessionTransferSchema,
  shopPublicProfileSchema,
} from '../chat-app.ts';
import type { CallDefinition } from './define.ts';

/** The session's shop: its share links' slug and its chat addresses. */
export const getShopPublicProfile = {
  method: 'GET',
  path: '/api/shop/public-profile',
  data: shopPublicProfileSchema,
} as const satisfies CallDefinition;

/**
 * A product as anyone may see it, by shop: the read-only page of a share link and its preview. The
 * only call without a session; the BFF rate-limits and caches it.
 */
export const getPublicProduct = {
  method: 'GET',
  path: '/api/public/shops/:slug/products/:productId',
  params: publicProductParams,
  data: publicProductPageSchema,
} as const satisfies CallDefinition;

/**
 * A one-time, short-lived token naming the tab's session ('Abrir no navegador'): the phone's own
 * browser opens `/abrir/<token>`, and the BFF opens the session through the token (POST /api/session
 * with `{ transfer }`). The token is never the session code, and is spent on first use.
 */
export const createSessionTransfer = {
  method: 'POST',
  path: '/api/session/transfer',
  data: sessionTransferSchema,
} as const satisfies CallDefinition;

/**
 * The BFF's own call upstream: the token spent, the session's code answered. The BFF never forwards
 * it from a browser (server/bff/call-table.ts NOT_SERVED): a page never sees a session code.
 */
export const redeemSessionTransfer = {
  method: 'POST',
  path: '/api/session/transfer/redeem',
  body: sessionTransferRedeemBody,
  data: sessionTransferRedemptionSchema,
} as const satisfies CallDefinition;

/** This domain's calls of the registry (calls.ts), in registration order. */
export const all = { getShopPublicProfile, getPublicProduct, createSessionTransfer, redeemSessionTransfer };
