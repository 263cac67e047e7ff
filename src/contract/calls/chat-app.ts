// The chat app's calls: optional extensions of the contract (src/contract/chat-app.ts, decision
// 0024). A backend without them answers 404; the SPA then offers no share link and no 'Abrir no
// navegador', and the share page says the product cannot be shown.
import { publicProductPageSchema, publicProductParams, shopPublicProfileSchema } from '../chat-app.ts';
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

/** This domain's calls of the registry (calls.ts), in registration order. */
export const all = { getShopPublicProfile, getPublicProduct };
