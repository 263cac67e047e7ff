// The page a session transfer lands on (`/abrir/<token>?para=/order`), checked on arrival: the
// parameter is in an address anyone may edit. Pure functions: no DOM, no library.

/** The query that carries the page to land on: `/abrir/<token>?para=/order`. */
export const RETURN_PARAM = 'para';

/** Where a transfer lands when it carries no usable page. */
export const DEFAULT_RETURN_PATH = '/catalog';

const MAX_RETURN_PATH = 500;

/**
 * A page of this site to land on: a same-origin path (and its query) only. Anything else, an
 * absolute or protocol-relative address, a backslash, a control character or another transfer page,
 * lands on the catalogue: the parameter is the shopper's to edit, and must never send them elsewhere.
 */
export function safeReturnPath(raw: string | null | undefined, origin: string): string {
  if (!raw || raw.length > MAX_RETURN_PATH || !raw.startsWith('/') || raw.startsWith('//')) {
    return DEFAULT_RETURN_PATH;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (/[\\\u0000-\u001F\u007F]/.test(raw)) return DEFAULT_RETURN_PATH;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin || url.pathname.startsWith('/abrir')) return DEFAULT_RETURN_PATH;
    return `${url.pathname}${url.search}`;
  } catch {
    return DEFAULT_RETURN_PATH;
  }
}
