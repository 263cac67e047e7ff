/** Paths of the screens whose top bar has no back button: the catalogue is where shoppers land. */
export const SCREENS_WITHOUT_BACK = ['/catalog', '/products-found'];

/** Where chat links land: the catalogue's screen. */
export const CATALOG_PATHS = ['/', '/catalog', '/products-found'];

/** The product page's address; chat links for a product land there. */
export const PRODUCT_PATH = /^\/product\/([^/]+)\/?$/;

/**
 * The screen a chat link lands on, when it is one whose code main.tsx loads along with the app's
 * (and start-app.tsx waits for before the first render).
 */
export function landingScreenOf(pathname: string): 'catalog' | 'product' | undefined {
  if (CATALOG_PATHS.includes(pathname)) return 'catalog';
  if (PRODUCT_PATH.test(pathname)) return 'product';
  return undefined;
}

/** The page of a bad chat link ('Sessão Inválida', the spec's invalid-session). */
export const INVALID_SESSION_PATH = '/invalid-session';

/** The page of a tab whose session the browser no longer holds ('Abra o link do chat novamente'). */
export const SESSION_ENDED_PATH = '/session-ended';
