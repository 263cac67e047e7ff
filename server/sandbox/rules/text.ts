// Text search rules: what a product's search text and a shopper's query are compared as.

/** Lower case without accents: what text search compares ('Açúcar' → 'acucar'). */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

// Words that carry no meaning in a product query: 'feijão de corda' must not require a 'de'.
const STOP_WORDS = new Set(['a', 'o', 'as', 'os', 'de', 'da', 'do', 'das', 'dos', 'e', 'em', 'com', 'para']);
/** More words than this say nothing more; the rest are ignored. */
const MAX_WORDS = 10;

/**
 * The words of a query that must each appear in a product's search text, accent- and
 * case-insensitive. Only letters and digits survive, so a word can go into a LIKE pattern as is
 * ('%' and '_' never reach SQL). A trailing plural 's' is dropped so 'bananas' finds 'Banana';
 * the shorter word still matches the plural. Empty when the query has nothing to search for.
 */
export function searchWords(query: string | undefined): string[] {
  const words = searchKey(query ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  const kept = (meaningful.length > 0 ? meaningful : words).map((w) =>
    w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w,
  );
  return [...new Set(kept)].slice(0, MAX_WORDS);
}

/**
 * What a shopper's query asks of the products (shopper spec, section 5: "Search text is trimmed;
 * empty means no text filter"):
 * - 'any': no text filter: no query, or spaces only;
 * - 'words': the words that must each appear (searchWords);
 * - 'nothing': text with nothing a product's name can hold once normalised ('😀', '!!!', a lone
 *   accent): it finds no product. Treating it as no filter would answer the whole catalogue under
 *   'Buscando por "😀"'.
 */
export type TextSearch = { kind: 'any' } | { kind: 'words'; words: string[] } | { kind: 'nothing' };

export const ANY_TEXT: TextSearch = { kind: 'any' };

export function textSearch(query: string | undefined): TextSearch {
  if ((query ?? '').trim() === '') return ANY_TEXT;
  const words = searchWords(query);
  return words.length > 0 ? { kind: 'words', words } : { kind: 'nothing' };
}
