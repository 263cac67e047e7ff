import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ErrorPage } from './error-page.tsx';
import { SessionLayout } from './layout/session-layout.tsx';

/**
 * Every screen is its own chunk, loaded when first visited (the landing route's JavaScript
 * budget is in docs/decisions). Screens that show shop data first load the session.
 */
type ScreenModule = { default: React.ComponentType; handle?: unknown };
const screen = (load: () => Promise<ScreenModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const module = await load();
    return { Component: module.default, handle: module.handle };
  },
});

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      // Pages that need no chat session: the store admin's Tray pages and the bad-session page.
      { path: 'invalid-session', ...screen(() => import('./routes/invalid-session.tsx')) },
      { path: 'not-found', ...screen(() => import('./routes/bare-not-found.tsx')) },
      { path: 'tray/register', ...screen(() => import('./routes/tray-register.tsx')) },
      { path: 'tray/register/callback', ...screen(() => import('./routes/tray-callback.tsx')) },
      {
        element: <SessionLayout />,
        children: [
          { index: true, element: <Navigate to="/catalog" replace /> },
          { path: 'catalog', ...screen(() => import('./routes/catalog.tsx')) },
          { path: 'products-found', ...screen(() => import('./routes/catalog.tsx')) },
          { path: 'product/:id', ...screen(() => import('./routes/product.tsx')) },
          { path: 'order', ...screen(() => import('./routes/cart.tsx')) },
          { path: 'order/checkout', ...screen(() => import('./routes/checkout.tsx')) },
          { path: 'order/payment', ...screen(() => import('./routes/payment.tsx')) },
          { path: 'finish', ...screen(() => import('./routes/finish.tsx')) },
          { path: 'change-payment', ...screen(() => import('./routes/change-payment.tsx')) },
          { path: 'confirm', ...screen(() => import('./routes/confirm.tsx')) },
          { path: 'recaptcha', ...screen(() => import('./routes/recaptcha.tsx')) },
          { path: '*', ...screen(() => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
