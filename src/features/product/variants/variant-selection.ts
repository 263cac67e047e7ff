/**
 * Variant selection on the product detail page (shopper spec, section 4 "Variant selection"; the
 * product's fields: section 3; price display: section 9). Pure functions, no React: the page keeps a
 * `Selection` in state and asks these functions what to show, what to disable and what to load.
 *
 * Decisions where the spec is silent are written next to the code that makes them.
 */
import type { AttributeOption, Product, ProductAttribute, ProductDimension } from '@/contract/catalog.ts';

/** attribute providerId → option providerId. Only chosen attributes have an entry. */
export type Selection = Readonly<Record<string, string>>;

/** What the page shows for a selection: a chosen dimension's fields, or the product's own. */
export interface ProductView {
  /** The dimension the (complete) selection names, when there is one. */
  dimension?: ProductDimension;
  sku: string | undefined;
  /** Image urls, the chosen dimension's first. */
  images: string[];
  price: number | undefined;
  listPrice: number | undefined;
  promotionalPrice: number | undefined;
  /** The 'min - max' range of the product's variants: only while no priced combination is chosen. */
  minPrice: number | undefined;
  maxPrice: number | undefined;
}

export interface ChooseResult {
  selection: Selection;
  /** The product id to load instead (a redirectable option was chosen). */
  redirectTo?: string;
}

/** The marker of a variant id ('2011Variant=pessego'), as the sandbox parses it. */
export const VARIANT_MARKER = 'Variant=';
/** Address parameters of the selection are named `v_<attribute providerId>`. */
export const PARAM_PREFIX = 'v_';

const EMPTY: Selection = Object.freeze({});

// ---------------------------------------------------------------------------------------------
// Small helpers

// Own-property reads only: attribute ids come from the server and the address, so an id such as
// 'constructor' or '__proto__' must not find something on Object.prototype.
function entryOf(record: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function attributesOf(product: Product): ProductAttribute[] {
  return product.attributes ?? [];
}

function optionsOf(attribute: ProductAttribute): AttributeOption[] {
  return attribute.options ?? [];
}

function findAttribute(product: Product, attributeId: string): ProductAttribute | undefined {
  return attributesOf(product).find((a) => a.providerId === attributeId);
}

function findOption(product: Product, attributeId: string, optionId: string): AttributeOption | undefined {
  const attribute = findAttribute(product, attributeId);
  return attribute ? optionsOf(attribute).find((o) => o.providerId === optionId) : undefined;
}

/** Attributes that can be chosen at all: one without options could never be completed. */
function choosableAttributes(product: Product): ProductAttribute[] {
  return attributesOf(product).filter((a) => optionsOf(a).length > 0);
}

// A missing isAvailable counts as available: the field is optional on the wire, and absent stock
// information should not lock a shopper out of a variant the server may well sell.
function isDimensionAvailable(dimension: ProductDimension): boolean {
  return dimension.isAvailable !== false;
}

/** Whether the dimension has every entry of the selection (entries for `except` are ignored). */
function agrees(dimension: ProductDimension, selection: Selection, except?: string): boolean {
  return Object.entries(selection).every(
    ([attributeId, optionId]) =>
      attributeId === except || entryOf(dimension.attributes, attributeId) === optionId,
  );
}

/** Keeps, in attribute order, the entries naming a real attribute and one of its options. */
function validEntries(product: Product, selection: Selection): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const attribute of choosableAttributes(product)) {
    const optionId = entryOf(selection, attribute.providerId);
    if (optionId !== undefined && findOption(product, attribute.providerId, optionId)) {
      kept[attribute.providerId] = optionId;
    }
  }
  return kept;
}

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

// ---------------------------------------------------------------------------------------------
// Queries

/** Whether the product is sold as dimensions (combinations of options, each with its own sku). */
export function hasDimensions(product: Product): boolean {
  return (product.dimensions?.length ?? 0) > 0;
}

/**
 * The product id without its sku ('&…') and variant ('Variant=…') parts: '11103&1110305' → '11103',
 * '2011Variant=pessego' → '2011'.
 */
export function baseProductId(providerId: string): string {
  const [head = ''] = providerId.split(VARIANT_MARKER);
  const [base = ''] = head.split('&');
  return base;
}

/**
 * The selection the page starts with.
 * - Without dimensions each attribute starts on its first option (spec). An address entry naming
 *   another non-redirectable option is kept, so a shared link shows what was chosen; a redirectable
 *   option stands for another product, and the product on screen is its first option, so an address
 *   entry for it is ignored.
 * - With dimensions: the address's selection (entries that name no real attribute/option are
 *   dropped), else the current dimension the server answered (an id '<base>&<sku>'), else nothing.
 */
export function initialSelection(product: Product, fromAddress: Selection = EMPTY): Selection {
  const address = validEntries(product, fromAddress);

  if (!hasDimensions(product)) {
    const selection: Record<string, string> = {};
    for (const attribute of choosableAttributes(product)) {
      const chosen = entryOf(address, attribute.providerId);
      const keepChosen =
        chosen !== undefined && !findOption(product, attribute.providerId, chosen)?.redirectable;
      const first = optionsOf(attribute)[0];
      const optionId = keepChosen ? chosen : first?.providerId;
      if (optionId !== undefined) selection[attribute.providerId] = optionId;
    }
    return selection;
  }

  // An address entry is also dropped when, together with the entries kept before it, no available
  // dimension has it: a stale link to a combination now out of stock would otherwise pre-select
  // options the page shows disabled, which clicking could then only deselect.
  const possible: Record<string, string> = {};
  for (const [attributeId, optionId] of Object.entries(address)) {
    if (isOptionAvailable(product, possible, attributeId, optionId)) possible[attributeId] = optionId;
  }
  if (Object.keys(possible).length > 0) return possible;

  const current = product.currentDimension;
  return current ? validEntries(product, current.attributes) : EMPTY;
}

/**
 * The dimension the selection names: every choosable attribute is chosen and the dimension has
 * exactly those options. An incomplete selection names none (the spec: it clears the current
 * dimension). An unavailable dimension is still returned: the page shows it, and the caller decides
 * whether it can be bought (`isAvailable`).
 */
export function matchingDimension(product: Product, selection: Selection): ProductDimension | undefined {
  const attributes = choosableAttributes(product);
  if (attributes.length === 0) return undefined;
  const complete = attributes.every((a) => entryOf(selection, a.providerId) !== undefined);
  if (!complete) return undefined;
  return product.dimensions?.find((d) =>
    attributes.every((a) => entryOf(d.attributes, a.providerId) === entryOf(selection, a.providerId)),
  );
}

/**
 * Whether the option can be chosen given the other chosen options: some available dimension has it
 * and agrees with every other chosen option (the attribute's own current choice is ignored, so a
 * sibling option stays choosable). Without dimensions every option of the product is available.
 * An option the product does not have is never available.
 */
export function isOptionAvailable(
  product: Product,
  selection: Selection,
  attributeId: string,
  optionId: string,
): boolean {
  if (!findOption(product, attributeId, optionId)) return false;
  if (!hasDimensions(product)) return true;
  return (product.dimensions ?? []).some(
    (d) =>
      isDimensionAvailable(d) &&
      entryOf(d.attributes, attributeId) === optionId &&
      agrees(d, selection, attributeId),
  );
}

// ---------------------------------------------------------------------------------------------
// Transitions

/**
 * A click on an option.
 * - With dimensions, clicking the chosen option deselects it. Without dimensions an attribute always
 *   keeps one option (it starts on its first), so clicking the chosen one changes nothing.
 * - An option that is unavailable (or unknown) is refused: the selection comes back unchanged.
 * - Choosing a redirectable option also answers `redirectTo`, the id to load: the base id +
 *   'Variant=' + the option id (spec: "a redirectable option reloads the product under a variant id").
 */
export function chooseOption(
  product: Product,
  selection: Selection,
  attributeId: string,
  optionId: string,
): ChooseResult {
  const option = findOption(product, attributeId, optionId);
  if (!option) return { selection };

  if (entryOf(selection, attributeId) === optionId) {
    if (!hasDimensions(product)) return { selection };
    return {
      selection: Object.fromEntries(Object.entries(selection).filter(([key]) => key !== attributeId)),
    };
  }

  if (!isOptionAvailable(product, selection, attributeId, optionId)) return { selection };

  const next: Selection = { ...selection, [attributeId]: optionId };
  if (!option.redirectable) return { selection: next };
  return { selection: next, redirectTo: `${baseProductId(product.providerId)}${VARIANT_MARKER}${optionId}` };
}

// ---------------------------------------------------------------------------------------------
// What the page shows

/**
 * The sku, images and prices to show for a selection (spec section 4). With a matching dimension:
 * its image goes first, its sku is used, and its default price goes to `price` when the product has
 * a list price, otherwise to `promotionalPrice`. With no match: the product's own fields.
 *
 * Two additions so that `displayPrice` (section 9) shows the variant's price:
 * - without a list price, `price` carries the default price too: displayPrice lets a promotional
 *   price replace price only when it is lower, so a dearer variant (GG) would otherwise show the
 *   product's cheaper price;
 * - with a list price, the product's promotional price is dropped: it belongs to the product's
 *   default sku, and a lower one would otherwise replace the variant's price (the sandbox likewise
 *   answers no promotional price once a dimension is current).
 * A dimension without a default price keeps the product's prices.
 *
 * A priced dimension also drops the product's 'min - max' range (section 9 shows a range whenever
 * maxPrice is present): the chosen combination has one price, the one the cart will charge.
 */
export function productView(product: Product, selection: Selection): ProductView {
  const productImages = (product.images ?? []).map((image) => image.url);
  const own = {
    sku: orUndefined(product.sku),
    images: productImages,
    price: orUndefined(product.price),
    listPrice: orUndefined(product.listPrice),
    promotionalPrice: orUndefined(product.promotionalPrice),
    minPrice: orUndefined(product.minPrice),
    maxPrice: orUndefined(product.maxPrice),
  };

  const dimension = matchingDimension(product, selection);
  if (!dimension) return own;

  const dimensionImage = dimension.image?.url;
  const images = dimensionImage
    ? [dimensionImage, ...productImages.filter((url) => url !== dimensionImage)]
    : productImages;
  const view: ProductView = { ...own, dimension, sku: orUndefined(dimension.sku) ?? own.sku, images };

  const priceDefault = dimension.priceDefault;
  if (typeof priceDefault !== 'number' || !Number.isFinite(priceDefault)) return view;
  const priced = { ...view, price: priceDefault, minPrice: undefined, maxPrice: undefined };
  if (own.listPrice !== undefined) return { ...priced, promotionalPrice: undefined };
  return { ...priced, promotionalPrice: priceDefault };
}

// ---------------------------------------------------------------------------------------------
// The address

/**
 * The selection written into address parameters (one `v_<attribute id>` per chosen attribute), so a
 * shared or reloaded link shows the same variant. Parameters of this product's attributes are
 * rewritten; every other parameter of `base` is kept. `base` itself is not changed.
 */
export function selectionToParams(
  product: Product,
  selection: Selection,
  base?: URLSearchParams,
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const attribute of attributesOf(product)) params.delete(PARAM_PREFIX + attribute.providerId);
  for (const [attributeId, optionId] of Object.entries(validEntries(product, selection))) {
    params.set(PARAM_PREFIX + attributeId, optionId);
  }
  return params;
}

/**
 * The selection the address names: entries for attributes and options the product does not have
 * are dropped. Pass the result to `initialSelection`, which also drops unavailable combinations.
 */
export function selectionFromParams(product: Product, params: URLSearchParams): Selection {
  const selection: Record<string, string> = {};
  for (const attribute of choosableAttributes(product)) {
    const optionId = params.get(PARAM_PREFIX + attribute.providerId);
    if (optionId !== null && findOption(product, attribute.providerId, optionId)) {
      selection[attribute.providerId] = optionId;
    }
  }
  return selection;
}
