// Which products a catalogue call is about, from what the client sends: the search body's
// `category` (comma-joined ids: a category, a category and one of its subcategories, or a
// collection as COLLECTION_<id>) or the facets call's `searchQuery` (one of those, or search text).
import { COLLECTION_PREFIX, isCollectionId, SUGGESTED_ITEMS } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { badRequest, notFound } from '../http/envelope.ts';
import { ANY_TEXT, type TextSearch, textSearch } from '../rules/text.ts';
import { findCategory, findCollection } from './catalog-store.ts';
import type { ProductScope } from './product-query.ts';

const splitIds = (text: string) =>
  text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);

/** A collection id as the client may send it: '9001' or 'COLLECTION_9001'. */
export function collectionScope(db: SandboxDb, shopId: string, id: string): ProductScope {
  const bare = isCollectionId(id) ? id.slice(COLLECTION_PREFIX.length) : id;
  const collection = findCollection(db, shopId, bare);
  if (!collection) throw notFound('Coleção não encontrada.');
  return { kind: 'collection', collectionId: collection.id };
}

/** The scope the comma-joined ids name; unknown ids are a 404, a malformed list a 400. */
export function scopeOfCategoryIds(
  db: SandboxDb,
  shopId: string,
  category: string | undefined,
): ProductScope {
  const ids = splitIds(category ?? '');
  const [first, second, ...rest] = ids;
  if (first === undefined) return { kind: 'all' };
  if (rest.length > 0) {
    throw badRequest(
      'O parâmetro category aceita uma categoria e, se quiser, uma de suas subcategorias, separadas por vírgula.',
    );
  }
  if (first === SUGGESTED_ITEMS) {
    throw badRequest('Os produtos sugeridos são buscados pelos seus ids (byids), não por categoria.');
  }
  if (isCollectionId(first)) {
    if (second !== undefined)
      throw badRequest('Uma coleção não tem subcategorias: envie só COLLECTION_<id>.');
    return collectionScope(db, shopId, first);
  }
  const category1 = findCategory(db, shopId, first);
  if (!category1) throw notFound('Categoria não encontrada.');
  if (second === undefined) {
    return category1.parentId === null
      ? { kind: 'category', categoryId: category1.id, subcategoryId: null }
      : { kind: 'subcategory', subcategoryId: category1.id };
  }
  const sub = findCategory(db, shopId, second);
  if (category1.parentId !== null || !sub || sub.parentId !== category1.id) {
    throw notFound('Subcategoria não encontrada nesta categoria.');
  }
  return { kind: 'category', categoryId: category1.id, subcategoryId: sub.id };
}

/**
 * The facets call's searchQuery: "a category id or the search text" (shopper spec, section 7).
 * It names a scope when it is a collection id or starts with a known category id; otherwise it
 * is search text over the whole catalogue.
 */
export function scopeOfFacetsQuery(
  db: SandboxDb,
  shopId: string,
  searchQuery: string | undefined,
): { scope: ProductScope; text: TextSearch } {
  const text = (searchQuery ?? '').trim();
  const [first] = splitIds(text);
  const namesScope =
    first !== undefined && (isCollectionId(first) || findCategory(db, shopId, first) !== undefined);
  return namesScope
    ? { scope: scopeOfCategoryIds(db, shopId, text), text: ANY_TEXT }
    : { scope: { kind: 'all' }, text: textSearch(text) };
}
