// Page sizes of the catalogue calls, shared by the SPA's calls and the sandbox's rules.

export const DEFAULT_CATEGORY_PER_PAGE = 50;
export const DEFAULT_PRODUCT_PER_PAGE = 10;
export const DEFAULT_PAGE_NUMBER = 0;
/** Upper bound of a page size request: a sanity limit, not stated by the spec. */
export const MAX_PER_PAGE = 100;
