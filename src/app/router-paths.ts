/** Paths of the screens whose top bar has no back button: the catalogue is where shoppers land. */
export const SCREENS_WITHOUT_BACK = ['/catalog', '/products-found'];

/** Where chat links land: the catalogue's screen. */
export const CATALOG_PATHS = ['/', '/catalog', '/products-found'];

/** The product page's address; chat links for a product land there. */
export const PRODUCT_PATH = /^\/product\/([^/]+)\/?$/;

/** The cart's address: a reload of the cart, and the way back to it from the checkout, land there. */
export const CART_PATH = '/order';

/** The checkout's address: an operator's cart link and a reload in the middle of it load it directly. */
export const CHECKOUT_PATH = '/order/checkout';

/**
 * The screen a chat link (or a reload) lands on, when start-app.tsx loads its code before the first
 * render. For the catalogue and a product page main.tsx starts that download along with the app's;
 * the checkout's and the cart's are not worth the landing route's bytes (0.2 KB for 50 ms of TBT, issue 25),
 * so start-app.tsx asks for them while the session and the order are on their way, not after.
 */
export function landingScreenOf(pathname: string): 'catalog' | 'product' | 'checkout' | 'cart' | undefined {
  if (CATALOG_PATHS.includes(pathname)) return 'catalog';
  if (PRODUCT_PATH.test(pathname)) return 'product';
  const path = pathname.replace(/\/+$/, '');
  if (path === CHECKOUT_PATH) return 'checkout';
  if (path === CART_PATH) return 'cart';
  return undefined;
}

/** The page of a bad chat link ('Sessão Inválida', the spec's invalid-session). */
export const INVALID_SESSION_PATH = '/invalid-session';

/** The page of a tab whose session the browser no longer holds ('Abra o link do chat novamente'). */
export const SESSION_ENDED_PATH = '/session-ended';

/** A product's share link, `/s/<shop>/p/<productId>` (issue 37): a page that opens no session. */
export const SHARE_PATH = /^\/s\//;
