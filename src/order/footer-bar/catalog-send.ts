// The operator's 'send catalogue': which type it offers, which it picks by default from what the
// catalogue shows, and the options of GET /api/order/send/catalog for each (shopper spec, sections
// 2 and 7). Pure, so the rules are tested without rendering.
import {
  type CatalogSendOptions,
  type Category,
  COLLECTION_PREFIX,
  isCollectionId,
  SUGGESTED_ITEMS,
} from '@/contract/catalog.ts';
import type { ShowCollection } from '@/contract/shop-settings.ts';

/** What the catalogue shows now; FooterBar's `view` prop. */
export type FooterBarView = {
  /** The chosen tab: a category id, or a collection id (COLLECTION_...). Undefined is 'Todos'. */
  categoryId?: string;
  subcategoryId?: string;
  /** The search text in search mode. */
  searchText?: string;
  /** Whether the shop has collections; the type Coleção is offered only then. */
  hasCollections: boolean;
};

export const SendType = {
  Standard: 'standard',
  Category: 'category',
  Collection: 'collection',
  Search: 'search',
} as const;
export type SendType = (typeof SendType)[keyof typeof SendType];

export const SEND_TYPE_LABELS: Record<SendType, string> = {
  standard: 'Padrão',
  category: 'Categoria',
  collection: 'Coleção',
  search: 'Busca',
};

/** The types in the spec's order; Coleção only when the shop has collections. */
export function sendTypes(hasCollections: boolean): SendType[] {
  return hasCollections
    ? [SendType.Standard, SendType.Category, SendType.Collection, SendType.Search]
    : [SendType.Standard, SendType.Category, SendType.Search];
}

/** A choice of the operator: the type and the value sent with it. */
export type SendChoice = {
  type: SendType;
  /** A category's providerId. */
  categoryId: string;
  /** A collection's id WITH the COLLECTION_ prefix, as the category list shows it. */
  collectionId: string;
  searchTerm: string;
};

/**
 * The choice that matches the view. A search in progress is what the operator is looking at, so it
 * wins over the category it is narrowed to ('Buscando por "x" na categoria A > B'); then a collection
 * tab (only when collections are offered), then a category tab, else the standard catalogue. The
 * category sent is the tab's (top-level) category: the chat link opens a category, and a subcategory
 * belongs to it.
 */
export function defaultChoice(view: FooterBarView): SendChoice {
  const searchTerm = view.searchText?.trim() ?? '';
  const tab = view.categoryId?.trim() ?? '';
  const isCollection = tab !== '' && isCollectionId(tab);
  const isCategory = tab !== '' && !isCollection && tab !== SUGGESTED_ITEMS;
  const choice: SendChoice = {
    type: SendType.Standard,
    categoryId: isCategory ? tab : '',
    collectionId: isCollection && view.hasCollections ? tab : '',
    searchTerm,
  };
  if (searchTerm) choice.type = SendType.Search;
  else if (choice.collectionId) choice.type = SendType.Collection;
  else if (choice.categoryId) choice.type = SendType.Category;
  return choice;
}

/** The query of the send for a choice; undefined when the chosen type has no value yet. */
export function sendOptions(choice: SendChoice): CatalogSendOptions | undefined {
  switch (choice.type) {
    case SendType.Standard:
      return {};
    case SendType.Category: {
      const categoryId = choice.categoryId.trim();
      return categoryId ? { categoryId } : undefined;
    }
    case SendType.Collection: {
      // The backend's collection id has no prefix: the prefix only marks collections in the category list.
      const collectionId = stripCollectionPrefix(choice.collectionId.trim());
      return collectionId ? { collectionId } : undefined;
    }
    case SendType.Search: {
      const searchTerm = choice.searchTerm.trim();
      return searchTerm ? { searchTerm } : undefined;
    }
  }
}

export const stripCollectionPrefix = (id: string) =>
  isCollectionId(id) ? id.slice(COLLECTION_PREFIX.length) : id;

const withPrefix = (id: string) => (isCollectionId(id) ? id : `${COLLECTION_PREFIX}${id}`);

export type NamedOption = { id: string; name: string };

/** The categories an operator can send: the category list without collections and 'Sugeridos'. */
export function categoryOptions(categories: readonly Category[], current: string): NamedOption[] {
  const options = categories
    .filter((c) => !isCollectionId(c.providerId) && c.providerId !== SUGGESTED_ITEMS)
    .map((c) => ({ id: c.providerId, name: c.name }));
  return withCurrent(options, current);
}

/**
 * The collections an operator can send: those of the category list (COLLECTION_ ids), then the
 * shop settings' showCollections not listed there. Ids keep the prefix; names fall back to the id.
 */
export function collectionOptions(
  categories: readonly Category[],
  showCollections: readonly ShowCollection[] | null | undefined,
  current: string,
): NamedOption[] {
  const options: NamedOption[] = categories
    .filter((c) => isCollectionId(c.providerId))
    .map((c) => ({ id: c.providerId, name: c.name }));
  for (const collection of showCollections ?? []) {
    const id = withPrefix(collection.providerId);
    if (!options.some((o) => o.id === id))
      options.push({ id, name: collection.name || collection.providerId });
  }
  return withCurrent(options, current);
}

/** The view's own choice stays selectable even before the list has loaded. */
function withCurrent(options: NamedOption[], current: string): NamedOption[] {
  if (!current || options.some((o) => o.id === current)) return options;
  return [{ id: current, name: stripCollectionPrefix(current) }, ...options];
}
