// The chat app's extensions (src/contract/calls/chat-app.ts, decision 0024):
//   GET /api/shop/public-profile                         the session's shop: slug, name, chats
//   GET /api/public/shops/:slug/products/:productId      a product as anyone may see it (NO session)
// The public read never asks for a bearer and never reads one: it answers the same to everyone, and
// only what a product page shows (never stock, costs, rules or a session's prices). The app mounts
// both only with the extension on (SANDBOX_CHAT_APP, shop/chat-app-switch.ts); without it they are
// unknown paths, as on a backend that lacks them.
import { Router } from 'express';
import { resolveProduct } from '../catalog/catalog-store.ts';
import { calls } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { currentShopSession } from '../http/auth.ts';
import { notFound, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { centsToReais } from '../rules/money.ts';
import { findPublicShop, findShopBySlug, type PublicShopRecord, type ShopChat } from './shops.ts';

export const PUBLIC_MESSAGES = {
  shopNotFound: 'Loja não encontrada.',
  productNotFound: 'Produto não encontrado nesta loja.',
  noProfile: 'Esta loja não tem um perfil público.',
} as const;

const PARAM_LABELS = { slug: 'Loja', productId: 'Produto' };

/** The contract's bounds (src/contract/chat-app.ts). */
const MAX_NAME = 500;
const MAX_SHOP_NAME = 200;
const MAX_DESCRIPTION = 20_000;
const MAX_IMAGES = 20;
const MAX_IMAGE_URL = 2000;

/** The chat addresses a shop has, without empty ones; undefined when it has none. */
function chatOf(shop: PublicShopRecord): ShopChat | undefined {
  const chat = Object.fromEntries(
    Object.entries(shop.chat ?? {}).filter(([, value]) => typeof value === 'string' && value !== ''),
  ) as ShopChat;
  return Object.keys(chat).length > 0 ? chat : undefined;
}

function styleOf(shop: PublicShopRecord): Record<string, string> | undefined {
  const style = shop.settings.style;
  if (!style || typeof style !== 'object') return undefined;
  const { defaultColor, secondaryColor, urlLogo } = style as Record<string, unknown>;
  const picked = Object.entries({ defaultColor, secondaryColor, urlLogo }).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return picked.length > 0 ? Object.fromEntries(picked) : undefined;
}

/** The session's shop: how its share links and chats are addressed. */
export function shopPublicProfileRoutes(db: SandboxDb): Router {
  const router = Router();
  router.get('/public-profile', (_req, res) => {
    const shop = findPublicShop(db, currentShopSession(res).shopId);
    if (!shop) throw notFound(PUBLIC_MESSAGES.noProfile);
    const chat = chatOf(shop);
    sendOk(res, { slug: shop.slug, name: shop.name.slice(0, MAX_SHOP_NAME), ...(chat ? { chat } : {}) });
  });
  return router;
}

/** Mounted under /api/public: the public read of a product by shop. */
export function publicProductRoutes(db: SandboxDb): Router {
  const router = Router();
  router.get('/shops/:slug/products/:productId', (req, res) => {
    const { slug, productId } = parseInput(calls.getPublicProduct.params, req.params, 'params', PARAM_LABELS);
    const shop = findShopBySlug(db, slug);
    if (!shop) throw notFound(PUBLIC_MESSAGES.shopNotFound);
    const resolved = resolveProduct(db, shop.catalogShopId, productId);
    if (!resolved) throw notFound(PUBLIC_MESSAGES.productNotFound);
    const { row, details, currentDimension } = resolved;
    // The price the product page shows: a chosen variant's own, else the product's, with the
    // promotional price only when it is lower.
    const priceCents = currentDimension?.priceCents ?? row.price_cents;
    const promo = currentDimension ? null : row.promotional_price_cents;
    const images = currentDimension?.imageUrl
      ? [
          { url: currentDimension.imageUrl },
          ...details.images.filter((i) => i.url !== currentDimension.imageUrl),
        ]
      : details.images;
    const description = details.description.trim();
    const style = styleOf(shop);
    const chat = chatOf(shop);
    sendOk(res, {
      shop: {
        slug: shop.slug,
        name: shop.name.slice(0, MAX_SHOP_NAME),
        ...(style ? { style } : {}),
        ...(chat ? { chat } : {}),
      },
      product: {
        providerId: resolved.providerId,
        name: row.name.slice(0, MAX_NAME),
        // The product page's own text: the page sanitizes it as the product page does.
        ...(description ? { description: description.slice(0, MAX_DESCRIPTION) } : {}),
        price: centsToReais(priceCents),
        ...(promo !== null && promo > 0 && promo < priceCents
          ? { promotionalPrice: centsToReais(promo) }
          : {}),
        images: images
          .filter((image) => image.url.length <= MAX_IMAGE_URL)
          .slice(0, MAX_IMAGES)
          .map((image) => ({ url: image.url })),
        isActive: row.is_active === 1,
      },
    });
  });
  return router;
}
