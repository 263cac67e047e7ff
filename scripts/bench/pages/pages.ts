/**
 * What bench:pages measures: the pages and their URLs (picked from the seed), the quality bars, the
 * third parties kept out and which requests count as writes.
 */
import { SEEDED_CATEGORIES } from '@server/sandbox/seed/categories.ts';
import { SEEDED_PRODUCTS } from '@server/sandbox/seed/products.ts';
import { DEMO_SESSION_CODES, SEEDED_SESSIONS } from '@server/sandbox/seed/sessions.ts';

/** The bars (docs/quality-bars.md): median Lighthouse mobile on /catalog and a product page. */
export const BARS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0.02,
};

const seedProduct = (id: string) => {
  const product = SEEDED_PRODUCTS.find((p) => p.id === id);
  if (!product)
    throw new Error(`Seeded product ${id} is gone: choose another one in scripts/bench/pages/pages.ts`);
  return product;
};

// The demo shopper's cart is not empty, so /order and /order/checkout show a real order; the
// product page is the T-shirt with two attributes (colour and size, one size priced differently),
// the richest variant picker of the seed. Checked here so a seed change cannot silently turn the
// benchmark into one of an empty cart or of a plain product.
const SHOPPER = SEEDED_SESSIONS.find((s) => s.code === DEMO_SESSION_CODES.shopper);
const CART_ITEM_ID = SHOPPER?.cart[0]?.productId;
if (!CART_ITEM_ID) throw new Error('The demo shopper has no item in the cart: /order would be empty');
const VARIANT_PRODUCT = seedProduct('11103');
if ((VARIANT_PRODUCT.variants?.attributes.length ?? 0) < 2) {
  throw new Error(`Product ${VARIANT_PRODUCT.id} has lost its variants: choose another one`);
}
const CART_ITEM_NAME = seedProduct(CART_ITEM_ID).name;
/** On a phone the checkout folds its items to one line: '3 itens · R$ 65,70' (issue 25). */
const CART_COUNT = (SHOPPER?.cart ?? []).reduce((sum, line) => sum + line.quantity, 0);
const CHECKOUT_ITEMS_LINE = `${CART_COUNT} ${CART_COUNT === 1 ? 'item' : 'itens'} · `;
const FIRST_CATEGORY = SEEDED_CATEGORIES[0]?.name ?? 'Mercearia';

export type PageSpec = {
  /** Where the screen lives (the session code goes in the hash, as in a chat link). */
  path: string;
  /** Text from the seed data the intended screen shows (and an error or empty screen does not). */
  expectText: string;
  /** Whether the quality bars apply (docs/quality-bars.md names /catalog and a product page). */
  hasBars: boolean;
};

export const PAGES: Record<string, PageSpec> = {
  catalog: { path: '/catalog', expectText: FIRST_CATEGORY, hasBars: true },
  product: { path: `/product/${VARIANT_PRODUCT.id}`, expectText: VARIANT_PRODUCT.name, hasBars: true },
  order: { path: '/order', expectText: CART_ITEM_NAME, hasBars: false },
  checkout: { path: '/order/checkout', expectText: CHECKOUT_ITEMS_LINE, hasBars: false },
};

/**
 * Each Lighthouse run opens a fresh tab in a fresh profile, like a shopper tapping a WhatsApp link,
 * so every URL carries the session code; the SPA then removes it from the address bar.
 */
export const urlOf = (base: string, page: PageSpec) => `${base}${page.path}#${DEMO_SESSION_CODES.shopper}`;

/**
 * Third parties never count: the payment providers' and Google's hosts are blocked by name (they
 * belong only to the payment pages anyway), and Chromium resolves no host but the tested one, so an
 * unknown third party fails at once instead of waiting on the closed network. Any attempt is reported.
 */
export const BLOCKED_URL_PATTERNS = [
  '*mercadopago.com*',
  '*mercadolibre.com*',
  '*mercadolivre.com*',
  '*mlstatic.com*',
  '*google.com*',
  '*gstatic.com*',
  '*googleapis.com*',
  '*recaptcha.net*',
  '*googletagmanager.com*',
  '*google-analytics.com*',
  '*doubleclick.net*',
  '*facebook.net*',
];

/** POSTs that only read (catalogue searches); any other write during a run is reported. */
const READ_ONLY_POSTS = ['/api/catalog/products/search', '/api/catalog/products/searchText'];

export function isWrite(method: string, url: URL): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(method)) return false;
  return !READ_ONLY_POSTS.includes(url.pathname.replace(/\/+$/, ''));
}
