// The chat app's extensions (decision 0024): OPTIONAL parts of the contract that the spec's API does
// not carry. A backend without them answers their calls 404, and the SPA then behaves exactly as the
// spec says: no share link, no 'Pedir pelo WhatsApp', no 'Abrir no navegador', and the way back to
// the chat uses the settings' `whatsApp` only.
//
// - The shop's public profile (session-bound): the slug its share links carry and its chat addresses.
// - The public read of a product by shop (no session): what the read-only product page and the link
//   preview show, and nothing else.
// - The session transfer: a one-time, short-lived token that opens the tab's session in another
//   browser (the phone's own, out of the chat app's webview). It is never the session code.
import { z } from 'zod/mini';
import { SESSION_CODE_PATTERN } from './session-code.ts';
import { money, opt, pathId, tolerant } from './shared.ts';
import { shopStyleSchema } from './shop-settings.ts';
import { TRANSFER_TOKEN_PATTERN } from './transfer-link.ts';

/** A shop's slug in a share link: lower-case letters, digits and inner hyphens, 1–63 characters. */
export const SHOP_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const shopSlug = z.string().check(z.regex(SHOP_SLUG_PATTERN));

/**
 * The shop's chat addresses, each optional: `whatsApp` the number (digits, 55 + area code + number:
 * wa.me/<digits>), `messenger` the Facebook page's username or id (m.me/<page>), `instagram` the
 * profile's username (ig.me/m/<username>), `webChat` the https address of the site's chat.
 */
export const shopChatSchema = tolerant({
  whatsApp: opt(z.string().check(z.maxLength(30))),
  messenger: opt(z.string().check(z.maxLength(100))),
  instagram: opt(z.string().check(z.maxLength(100))),
  webChat: opt(z.string().check(z.maxLength(2000))),
});
export type ShopChat = z.infer<typeof shopChatSchema>;

/** GET /api/shop/public-profile (the session's shop): how its share links and chats are addressed. */
export const shopPublicProfileSchema = tolerant({
  slug: shopSlug,
  name: opt(z.string().check(z.maxLength(200))),
  chat: opt(shopChatSchema),
});
export type ShopPublicProfile = z.infer<typeof shopPublicProfileSchema>;

/** The shop as its public product page shows it: name, branding and chats. */
export const publicShopSchema = tolerant({
  slug: shopSlug,
  name: z.string().check(z.maxLength(200)),
  style: opt(shopStyleSchema),
  chat: opt(shopChatSchema),
});
export type PublicShop = z.infer<typeof publicShopSchema>;

/** A product as anyone may see it: what a product page shows, never stock, costs or rules. */
export const publicProductSchema = tolerant({
  providerId: z.string().check(z.minLength(1), z.maxLength(200)),
  name: z.string().check(z.maxLength(500)),
  /** Sanitized HTML, like the product page's description. */
  description: opt(z.string().check(z.maxLength(20_000))),
  price: money,
  /** Shown crossed-out price logic as on the product page: only when lower than `price`. */
  promotionalPrice: opt(money),
  images: z.array(tolerant({ url: z.string().check(z.maxLength(2000)) })).check(z.maxLength(20)),
  /** False when it cannot be bought now (the page says so; the link still previews). */
  isActive: opt(z.boolean()),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;

/** GET /api/public/shops/:slug/products/:productId (no session). */
export const publicProductParams = z.strictObject({ slug: shopSlug, productId: pathId });

export const publicProductPageSchema = tolerant({
  shop: publicShopSchema,
  product: publicProductSchema,
});
export type PublicProductPage = z.infer<typeof publicProductPageSchema>;

/** The session-free share link of a product: it carries no session code and nothing personal. */
export const shareLinkPath = (slug: string, providerId: string): string =>
  `/s/${encodeURIComponent(slug)}/p/${encodeURIComponent(providerId)}`;

export { TRANSFER_TOKEN_PATTERN } from './transfer-link.ts';

export const transferToken = z.string().check(z.regex(TRANSFER_TOKEN_PATTERN));

/** POST /api/session/transfer: a token for the tab's session, spent on first use. */
export const sessionTransferSchema = tolerant({
  token: transferToken,
  /** ISO 8601; a token lives about two minutes. */
  expiresAt: z.string().check(z.maxLength(40)),
});
export type SessionTransfer = z.infer<typeof sessionTransferSchema>;

/**
 * POST /api/session/transfer/redeem: the BFF's own upstream call (never forwarded from a browser). The
 * token is spent on the first redemption; an unknown, expired or spent one is a 404.
 */
export const sessionTransferRedeemBody = z.strictObject({ token: transferToken });

/** What a redemption answers: the session's code, which only the BFF sees (it keeps it in the cookie). */
export const sessionTransferRedemptionSchema = tolerant({
  code: z.string().check(z.regex(SESSION_CODE_PATTERN)),
});
