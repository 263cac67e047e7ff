import { isValidSessionCode } from '@/contract/session-code.ts';

/**
 * Reading the session entry link (the shopper spec, section 4, "Session loading").
 *
 * The chat channel sends a link like `https://shop/catalog#demo-shopper?type=ShowCategory&id=12`, so
 * `location.hash` is '#demo-shopper?type=ShowCategory&id=12': the session code is the part before '?',
 * and the part after it may carry the initial catalogue type and id. Pure functions, no DOM access.
 *
 * After the code has been taken, the caller removes the whole fragment from the address bar with
 * `history.replaceState(history.state, '', urlWithoutHash(location.href))`. Nothing of the fragment is
 * kept: the code is a bearer credential and must not linger in the address bar, in bookmarks, in
 * copied links or in screenshots; the catalogue type and id are stored in tab storage, not in the URL.
 * (A function returning what "remains" of the hash would always return '', so none is offered.)
 */

/** The initial catalogue types a link may ask for (spec section 3, enumerations). */
export const INITIAL_CATALOG_TYPES = ['Standard', 'ShowCategory', 'ShowCollection', 'ShowQuery'] as const;
export type InitialCatalogType = (typeof INITIAL_CATALOG_TYPES)[number];

/** What a session hash carries. Every field is absent when the hash does not carry it usably. */
export interface SessionHash {
  /** The session code, decoded, trimmed and known to be a valid session code (SESSION_CODE_PATTERN). */
  code?: string;
  /**
   * True when the hash carried a code that was refused (not a safe token, or badly encoded). The
   * caller should then go to invalid-session rather than fall back to the anonymous session: a
   * garbled link is not the same as a link without a code.
   */
  codeRejected?: true;
  /** The initial catalogue type, spelled as in INITIAL_CATALOG_TYPES whatever the case in the link. */
  catalogType?: InitialCatalogType;
  /** The initial catalogue id: a category id, a collection id, or search text for ShowQuery. */
  catalogId?: string;
}

/** The catalogue id may be free search text, so only its length and control characters are limited. */
const MAX_CATALOG_ID_LENGTH = 200;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;

function parseCatalogType(raw: string | null): InitialCatalogType | undefined {
  const wanted = raw?.trim().toLowerCase();
  if (!wanted) return undefined;
  return INITIAL_CATALOG_TYPES.find((type) => type.toLowerCase() === wanted);
}

function parseCatalogId(raw: string | null): string | undefined {
  const id = raw?.trim();
  if (!id || id.length > MAX_CATALOG_ID_LENGTH || CONTROL_CHARACTERS.test(id)) return undefined;
  return id;
}

/**
 * Reads the session code and the initial catalogue type and id from `location.hash`.
 *
 * - The leading '#' is optional. The code is everything before the first '?', URI-decoded and trimmed;
 *   an empty code is absent. A code that is not a safe token, or that is badly percent-encoded, is
 *   refused (absent, with codeRejected set) so that a hostile hash never reaches the server.
 * - The query after '?' is read with URLSearchParams: `type` must be one of INITIAL_CATALOG_TYPES
 *   (matched case-insensitively), `id` is trimmed and limited to 200 characters without control
 *   characters. Anything else is ignored. They are returned even when the code is absent or refused.
 */
export function parseSessionHash(hash: string): SessionHash {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const questionMark = fragment.indexOf('?');
  const rawCode = questionMark === -1 ? fragment : fragment.slice(0, questionMark);
  const query = questionMark === -1 ? '' : fragment.slice(questionMark + 1);

  const result: SessionHash = {};

  let code: string | undefined;
  try {
    code = decodeURIComponent(rawCode).trim();
  } catch {
    // A malformed escape such as '%E0%A4%A' throws URIError: treat the code as hostile.
    code = undefined;
  }
  if (code === undefined) {
    result.codeRejected = true;
  } else if (code !== '') {
    if (isValidSessionCode(code)) result.code = code;
    else result.codeRejected = true;
  }

  if (query !== '') {
    const params = new URLSearchParams(query);
    const catalogType = parseCatalogType(params.get('type'));
    const catalogId = parseCatalogId(params.get('id'));
    if (catalogType !== undefined) result.catalogType = catalogType;
    if (catalogId !== undefined) result.catalogId = catalogId;
  }

  return result;
}

/**
 * The given URL without its fragment, for `history.replaceState` once the code has been taken:
 * 'https://shop/catalog?x=1#code?type=ShowQuery' → 'https://shop/catalog?x=1'. Works on absolute and
 * relative URLs alike.
 */
export function urlWithoutHash(url: string): string {
  const hashStart = url.indexOf('#');
  return hashStart === -1 ? url : url.slice(0, hashStart);
}
