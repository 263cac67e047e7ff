// Real-user monitoring's off switch, in a module of its own: the page's first script reads it, and
// nothing else of the RUM contract (rum.ts) should ride along in the landing route.

/**
 * The `<meta>` the BFF writes into index.html when RUM=false: the page then never loads the
 * measuring library nor sends anything.
 */
export const RUM_OFF_META = { name: 'rum', content: 'off' } as const;
