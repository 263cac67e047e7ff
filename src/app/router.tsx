import { type ComponentType, lazy, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { retryingImport } from '@/lib/retrying-import.ts';
import { SessionLayout } from './shell/session-layout.tsx';

/**
 * Every screen is its own chunk, loaded when first visited (the landing route's JavaScript
 * budget is in docs/decisions/0004-bundle-budget.md). Screens that show shop data first load
 * the session (SessionLayout).
 *
 * Declarative routes rather than a data router (createBrowserRouter): we use no loaders or
 * actions, and the data router with its <ScrollRestoration> adds 14.7 KB (brotli) to the landing
 * route's JavaScript, past its budget (measured in issue 39). Lazy screens suspend inside the
 * layout, and BrowserRouter navigates in a transition, so the old screen stays until the new one is
 * loaded.
 * A screen's code lost to a dropped connection is fetched again once it is back (lib/retrying-import.ts).
 */
const lazyScreen = (load: () => Promise<{ default: ComponentType }>) => lazy(retryingImport(load));
const InvalidSession = lazyScreen(() => import('./shell/error-pages/invalid-session.tsx'));
const SessionEnded = lazyScreen(() => import('./shell/error-pages/session-ended.tsx'));
const BareNotFound = lazyScreen(() => import('./shell/error-pages/bare-not-found.tsx'));
// 'Abrir no navegador': the phone's browser opens the webview's session with a one-time token.
const Transfer = lazyScreen(() => import('./open-in-browser/transfer-page.tsx'));
const TrayRegister = lazyScreen(() => import('@/features/tray/tray-register-screen.tsx'));
const TrayCallback = lazyScreen(() => import('@/features/tray/tray-callback-screen.tsx'));
/** A product's share link (issue 37): read-only, for anyone, with no session at all. */
const Share = lazyScreen(() => import('@/features/product/share/share-page.tsx'));
/**
 * The catalogue and the search results are one screen (spec section 9): one component, kept mounted
 * between them. Chat links land on it (or on a product), so start-app.tsx loads it before the first
 * render.
 */
const catalog = preloadableScreen(() => import('@/features/catalog/catalog-screen.tsx'));
const Catalog = catalog.Screen;
const product = preloadableScreen(() => import('@/features/product/product-screen.tsx'));
const Product = product.Screen;
// An operator's cart link and a reload land on the checkout directly: start-app.tsx then loads its code
// before the first render, which renders the checkout at once instead of a spinner first (issue 25:
// Lighthouse 88 → 93, TBT 294 → 131 ms).
const checkout = preloadableScreen(() => import('@/features/checkout/checkout-screen.tsx'));
const Checkout = checkout.Screen;
// A reload of the cart (issue 38: its code came only after the order, one more round trip on a slow line).
const cart = preloadableScreen(() => import('@/features/cart/cart-screen.tsx'));
const Cart = cart.Screen;

/** The code of the screens chat links land on (start-app.tsx loads it before the first render). */
export const preloadScreen = {
  catalog: catalog.preload,
  product: product.preload,
  checkout: checkout.preload,
  cart: cart.preload,
};
const Payment = lazyScreen(() => import('@/features/payment/payment-screen.tsx'));
const Finish = lazyScreen(() => import('@/features/status/finish-screen.tsx'));
const ChangePayment = lazyScreen(() => import('@/features/status/change-payment-screen.tsx'));
const Confirm = lazyScreen(() => import('@/features/status/confirm-screen.tsx'));
const Recaptcha = lazyScreen(() => import('@/features/recaptcha/recaptcha-screen.tsx'));
const NotFound = lazyScreen(() => import('./shell/error-pages/not-found.tsx'));

/**
 * A lazy screen that renders at once when its code is already here. lazy() alone suspends on its
 * first render even then, and React holds a revealed Suspense boundary back up to 300 ms: a
 * catalogue whose data had arrived would still wait to show.
 */
function preloadableScreen(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(retryingImport(preload));
  function Screen() {
    // Chosen once per mount, so the screen never switches component (and loses its state).
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Screen, preload };
}

export function AppRoutes() {
  return (
    <Routes>
      {/* Pages that need no chat session: the store admin's Tray pages, the bad or ended session pages, a share link. */}
      <Route path="invalid-session" element={<InvalidSession />} />
      <Route path="session-ended" element={<SessionEnded />} />
      <Route path="not-found" element={<BareNotFound />} />
      <Route path="abrir/:token" element={<Transfer />} />
      <Route path="tray/register" element={<TrayRegister />} />
      <Route path="tray/register/callback" element={<TrayCallback />} />
      <Route path="s/:slug/p/:productId" element={<Share />} />
      <Route element={<SessionLayout />}>
        <Route index element={<Navigate to="/catalog" replace />} />
        <Route path="catalog" element={<Catalog />} />
        <Route path="products-found" element={<Catalog />} />
        <Route path="product/:id" element={<Product />} />
        <Route path="order" element={<Cart />} />
        <Route path="order/checkout" element={<Checkout />} />
        <Route path="order/payment" element={<Payment />} />
        <Route path="finish/*" element={<Finish />} />
        <Route path="change-payment" element={<ChangePayment />} />
        <Route path="confirm" element={<Confirm />} />
        <Route path="recaptcha" element={<Recaptcha />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
