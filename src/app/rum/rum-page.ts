import type { RumPage } from '@/contract/rum.ts';
import { CATALOG_PATHS, INVALID_SESSION_PATH, SESSION_ENDED_PATH } from '../router-paths.ts';

/** The screens of the router (router.tsx) by their address; a product's address is matched apart. */
const SCREENS: Record<string, RumPage> = {
  ...Object.fromEntries(CATALOG_PATHS.map((path) => [path, 'catalog'])),
  '/products-found': 'search',
  '/order': 'cart',
  '/order/checkout': 'checkout',
  '/order/payment': 'payment',
  '/finish': 'finish',
  '/change-payment': 'change-payment',
  '/confirm': 'confirm',
  [INVALID_SESSION_PATH]: 'invalid-session',
  [SESSION_ENDED_PATH]: 'session-ended',
  '/tray/register': 'tray-register',
  '/tray/register/callback': 'tray-callback',
};

const PRODUCT = /^\/product\/[^/]+$/;

/**
 * The name a beacon gives a screen: one of a fixed list, so an address (which may hold a product id)
 * never leaves the page. Matched as the router matches: any letter case, with or without a trailing
 * slash.
 */
export function rumPageOf(pathname: string): RumPage {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  if (Object.hasOwn(SCREENS, path)) return SCREENS[path] as RumPage;
  return PRODUCT.test(path) ? 'product' : 'other';
}
