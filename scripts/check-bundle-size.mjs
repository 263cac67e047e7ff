#!/usr/bin/env node
// The JavaScript budgets of every route (docs/decisions/0004-bundle-budget.md, 0010-performance.md).
//
// Follows Vite's manifest: the landing route is what index.html's first script loads at once on
// /catalog (its static imports, the app and the catalogue: src/main.tsx); every other screen
// is judged by what it adds on top. Sizes are brotli at the highest quality, as the BFF serves them.
// A route over its budget, a route without a budget, a landing route in too many files, or a library
// loaded where it is not used fails the build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const DIST = path.resolve(process.argv[2] ?? 'dist');
const KB = 1024;

/** The landing route: the quality bar's aim (docs/quality-bars.md), now the limit. */
const LANDING_BUDGET = 130 * KB;
const LANDING_MAX_FILES = 12;

/** What each lazily loaded chunk may add on top of the landing route (brotli). */
const ROUTE_BUDGETS = {
  'src/features/cart/cart-screen.tsx': 6 * KB,
  // Issue 38 (+0.5 KB): the phone's bar with the price and what is still to choose, the page's skeleton.
  'src/features/product/product-screen.tsx': 17.5 * KB,
  // Issue 37: a share link's read-only product page, for anyone, without a session (the product
  // page's gallery, price and description; the shop's chats).
  'src/features/product/share/share-page.tsx': 15 * KB,
  // Issue 37: the product page's 'Compartilhar' (shoppers), after the page, with the shop's profile.
  'src/features/product/components/share-action.tsx': 2 * KB,
  'src/features/product/components/gallery/lazy-image-gallery.tsx': 27 * KB,
  'src/features/catalog/components/category-carousel.tsx': 24 * KB,
  // The filter bar (the phone's panel behind 'Filtrar', the wide screen's sidebar), after the first paint.
  'src/features/catalog/components/facets/facet-filter-bar.tsx': 2 * KB,
  // The filter panel's sections and the category modal, loaded when the panel first shows.
  'src/features/catalog/components/facets/facet-sections.tsx': 4 * KB,
  // The top bar's order limits dropdown, in shops whose orders have limits, after the first paint.
  'src/app/shell/order-limits.tsx': 2 * KB,
  // The operator's sends in the catalogue's footer bar: shoppers never load them.
  'src/order/footer-bar/operator-sends.tsx': 3 * KB,
  // Issue 38: 'Faltam R$ … para o pedido mínimo / ganhar o brinde' and the lost gift, once the cart
  // holds something (kept off the landing route).
  'src/order/footer-bar/footer-progress.tsx': 1 * KB,
  // The catalogue card's 'Enviar para o contato': operators only.
  'src/features/catalog/components/product-card/send-product-button.tsx': 2 * KB,
  // Issue 36 (+0.3 KB): the finish leads to the Pix page when the order carries a charge; a received
  // order's notice loads the operator's Pix panel, or offers the shopper 'Pagar com Pix'.
  // Issue 37 (+0.2 KB): the Modal is a chunk of its own since 'Abrir no navegador' uses it too.
  // Issue 38 (+0.1 KB): the order's lines, shared with the cart, open the note from a link and take
  // an item out with the quantity's bin; the window's bottom bar is a chunk shared with the product page.
  // Issue 39 (+1 KB): the contact form's zod resolver is @hookform/resolvers', no longer our own.
  'src/features/checkout/checkout-screen.tsx': 49.25 * KB,
  // 'Novo endereço', fetched after the checkout's first paint: counted with the checkout it opens
  // from (it shares the checkout's chunks), like the product's gallery. The modal alone is ~2.4 KB.
  // Issue 38 (+0.3 KB): the order's lines and the window's bottom bar, as the checkout.
  // Issue 39 (+1 KB): @hookform/resolvers, as the checkout.
  'src/features/checkout/components/new-address/new-address-modal.tsx': 51.5 * KB,
  // The checkout's contract schemas come with it since the landing route no longer carries them.
  // Issue 34 (+0.6 KB): the page re-reads the order and its plans when the total changes, says an
  // order paid elsewhere and a total changed. Moving the captcha modal out would win ~0.8 KB back.
  // Issue 37 (+1 KB): the way back to the session's own chat (lib/chat-links.ts, which left the
  // landing route for the screens that use it, and the profile's read for Messenger, Instagram and the
  // site's chat).
  // Issue 38 (+0.25 KB): the window's bottom bar is shared with the product page, a chunk of its own.
  'src/features/payment/payment-screen.tsx': 45.75 * KB,
  // Issue 37: the same way back (+0.8 KB), and the dialog of 'Abrir no navegador' also uses the Modal,
  // which is now a chunk of its own instead of riding in the payment page's (+0.2 KB).
  // Issue 38 (+0.25 KB): the window's bottom bar, as the payment page.
  'src/features/payment/components/mercado-pago-card.tsx': 47.5 * KB,
  // Issue 37 (+0.5 KB): 'Pedido finalizado' and 'Pedido cancelado' offer the way back to the chat.
  'src/features/status/finish-screen.tsx': 2.5 * KB,
  // Issue 37: the shop's public profile's call and schemas, read only when a screen needs it (not for
  // a WhatsApp session's way back, which the settings give).
  'src/session/fetch-shop-public-profile.ts': 1.5 * KB,
  // Issue 36, on the finish page: a boleto's 'linha digitável' with its copy button and its PDF, or the
  // payment link, where the shopper is (only for an order that has one).
  'src/features/status/off-page-payment.tsx': 2 * KB,
  // The Pix page (/finish/pix, loaded by the finish's route): the charge, its QR code (uqr), the copy.
  'src/features/status/pix/pix-screen.tsx': 10 * KB,
  // The operator's Pix panel in the checkout of a received order that carries a charge: operators only.
  'src/order/pix/operator-pix-panel.tsx': 2.5 * KB,
  'src/features/status/change-payment-screen.tsx': 2 * KB,
  'src/features/status/confirm-screen.tsx': 2 * KB,
  'src/app/shell/error-pages/invalid-session.tsx': 2 * KB,
  'src/app/shell/error-pages/session-ended.tsx': 2 * KB,
  'src/app/shell/error-pages/not-found.tsx': 2 * KB,
  'src/app/shell/error-pages/bare-not-found.tsx': 2 * KB,
  // The debug captcha page; the reCAPTCHA widget it fetches when shown is the payment page's, and is
  // counted in that page's budget.
  'src/features/recaptcha/recaptcha-screen.tsx': 2 * KB,
  'src/features/tray/tray-register-screen.tsx': 2 * KB,
  'src/features/tray/tray-callback-screen.tsx': 16 * KB,
  'node_modules/react-hot-toast/dist/index.mjs': 5 * KB,
  // Issue 37, 'Abrir no navegador': the top bar's menu with the in-app browser detection (inapp-spy,
  // ~1.7 KB), fetched once the page has settled; its dialog (the link, 'Copiar link') on the first tap;
  // the page `/abrir/<token>` that opens the transferred session.
  'src/app/open-in-browser/open-in-browser-menu.tsx': 3 * KB,
  'src/app/open-in-browser/transfer-dialog.tsx': 5 * KB,
  'src/app/open-in-browser/transfer-page.tsx': 2 * KB,
  // Real-user monitoring (web-vitals and the beacon), fetched once the page has loaded and is idle.
  'src/app/rum/report-web-vitals.ts': 4 * KB,
};

/** Libraries, and the only routes whose chunks may carry them (never the landing route). */
const LIBRARY_PLACES = {
  '@mercadopago/sdk-react': ['src/features/payment/payment-screen.tsx'],
  'react-google-recaptcha': [
    'src/features/payment/payment-screen.tsx',
    'src/features/recaptcha/recaptcha-screen.tsx',
  ],
  'react-hook-form': [
    'src/features/checkout/checkout-screen.tsx',
    'src/features/payment/payment-screen.tsx',
    'src/features/tray/tray-callback-screen.tsx',
  ],
  '@hookform/resolvers': [
    'src/features/checkout/checkout-screen.tsx',
    'src/features/tray/tray-callback-screen.tsx',
  ],
  imask: ['src/features/checkout/checkout-screen.tsx', 'src/features/payment/payment-screen.tsx'],
  'card-validator': ['src/features/payment/payment-screen.tsx'],
  '@brazilian-utils/brazilian-utils': [
    'src/features/checkout/checkout-screen.tsx',
    'src/features/payment/payment-screen.tsx',
  ],
  dompurify: ['src/features/product/product-screen.tsx'],
  swiper: ['src/features/catalog/components/category-carousel.tsx'],
  'use-debounce': ['src/features/catalog/components/facets/facet-sections.tsx'],
  'react-image-gallery': [
    'src/features/product/product-screen.tsx',
    'src/features/product/share/share-page.tsx',
  ],
  'react-hot-toast': ['node_modules/react-hot-toast/dist/index.mjs'],
  'web-vitals': ['src/app/rum/report-web-vitals.ts'],
  uqr: ['src/features/status/pix/pix-screen.tsx'],
  'inapp-spy': ['src/app/open-in-browser/open-in-browser-menu.tsx'],
};

const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const packagesOf = JSON.parse(readFileSync(path.join(DIST, '.vite/chunk-packages.json'), 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    seen.add(key);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

/**
 * A dynamic entry and the dynamic entries it loads in turn (a screen's own lazy parts), also from
 * the chunks it shares with other screens (the product page's gallery, shared with the share page).
 */
function withLazyParts(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  if (!manifest[key]) return seen;
  // Not the landing route's chunks: they load every screen.
  for (const part of closure([key])) {
    if (landing.has(part)) continue;
    for (const next of manifest[part]?.dynamicImports ?? []) withLazyParts(next, seen);
  }
  return seen;
}

const sizes = new Map();
const brotliSize = (file) => {
  if (!sizes.has(file)) {
    const bytes = readFileSync(path.join(DIST, file));
    sizes.set(file, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
  }
  return sizes.get(file);
};
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const problems = [];

// The landing route: the first script, and what it imports at once (the app, the catalogue).
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('No entry chunk in the Vite manifest');
// The first script imports the app and the screen the address names; /catalog's is the catalogue.
const LANDING_SCREEN = 'src/features/catalog/catalog-screen.tsx';
/** The other screens (app/router.tsx's lazy entries) are loaded when visited, not with the first script. */
const isScreen = (key) => key.endsWith('-screen.tsx') || key.startsWith('src/app/shell/error-pages/');
const firstImports = (manifest[entry].dynamicImports ?? []).filter((key) => !isScreen(key));
const landing = closure([entry, ...firstImports, LANDING_SCREEN]);
if (!(manifest[entry].dynamicImports ?? []).includes(LANDING_SCREEN)) {
  problems.push('The first script (src/main.tsx) no longer loads the catalogue along with the app.');
}
const rows = [...landing]
  .map((key) => ({ file: manifest[key].file, bytes: brotliSize(manifest[key].file) }))
  .sort((a, b) => b.bytes - a.bytes);
const total = rows.reduce((sum, row) => sum + row.bytes, 0);
console.log(
  `Landing route (/catalog) JavaScript, brotli: ${kb(total)} in ${rows.length} files ` +
    `(budget ${kb(LANDING_BUDGET)} in at most ${LANDING_MAX_FILES} files)`,
);
for (const row of rows) console.log(`  ${kb(row.bytes).padStart(9)}  ${row.file}`);
if (total > LANDING_BUDGET)
  problems.push(`The landing route's JavaScript (${kb(total)}) is over ${kb(LANDING_BUDGET)}.`);
if (rows.length > LANDING_MAX_FILES) {
  problems.push(`The landing route needs ${rows.length} JavaScript files, more than ${LANDING_MAX_FILES}.`);
}

// Every other lazily loaded chunk: what it adds on top of the landing route.
console.log('Other routes and lazy parts, JavaScript on top of the landing route (budget):');
const lazyEntries = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && !landing.has(key));
for (const key of lazyEntries.sort()) {
  const extra = [...closure([key])].filter((k) => !landing.has(k));
  const bytes = extra.reduce((sum, k) => sum + brotliSize(manifest[k].file), 0);
  const budget = ROUTE_BUDGETS[key];
  console.log(`  ${kb(bytes).padStart(9)}  ${key} (${budget === undefined ? 'no budget' : kb(budget)})`);
  if (budget === undefined) problems.push(`${key} has no budget in scripts/check-bundle-size.mjs.`);
  else if (bytes > budget) problems.push(`${key} adds ${kb(bytes)}, over its budget of ${kb(budget)}.`);
}

// Libraries only where they are used: which chunks may carry each, from the routes allowed it.
for (const [library, routes] of Object.entries(LIBRARY_PLACES)) {
  const allowed = new Set();
  for (const route of routes) {
    if (!manifest[route]) continue;
    for (const part of withLazyParts(route))
      for (const key of closure([part])) allowed.add(manifest[key].file);
  }
  for (const key of landing) allowed.delete(manifest[key].file);
  for (const [file, packages] of Object.entries(packagesOf)) {
    if (packages.includes(library) && !allowed.has(file)) {
      problems.push(
        `${library} is in ${file}, which ${landingFile(file) ? 'the landing route loads' : 'other routes load'}.`,
      );
    }
  }
}
function landingFile(file) {
  return [...landing].some((key) => manifest[key].file === file);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`Bundle budget: ${problem}`);
  process.exit(1);
}
console.log('Every route is within its budget; every library is loaded only where it is used.');
