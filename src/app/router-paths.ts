/** Paths of the screens whose top bar has no back button: the catalogue is where shoppers land. */
export const SCREENS_WITHOUT_BACK = ['/catalog', '/products-found'];

/** Where chat links land: the catalogue's screen (main.tsx loads its code along with the app's). */
export const CATALOG_PATHS = ['/', '/catalog', '/products-found'];
