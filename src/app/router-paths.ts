/** Paths of the screens whose top bar has no back button: the catalogue is where shoppers land. */
export const SCREENS_WITHOUT_BACK = ['/catalog', '/products-found'];
