// Page sizes of the catalogue calls, without any schema: the page's first script
// (app/start-early-calls.ts) asks for the first pages before the validation library has arrived.

export const DEFAULT_CATEGORY_PER_PAGE = 50;
export const DEFAULT_PRODUCT_PER_PAGE = 10;
export const DEFAULT_PAGE_NUMBER = 0;
/** Upper bound of a page size request: a sanity limit, not stated by the spec. */
export const MAX_PER_PAGE = 100;
