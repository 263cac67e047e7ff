// Catalogue: categories, products, pages of products, facets (answers, tolerant), the search and
// listing inputs (strict) and the operator's cached catalogue. Fields: shopper spec section 3.
import { z } from 'zod/mini';
import { catalogModeSchema, recurrenceTypeSchema } from './enums.ts';
import {
  DEFAULT_CATEGORY_PER_PAGE,
  DEFAULT_PAGE_NUMBER,
  DEFAULT_PRODUCT_PER_PAGE,
  MAX_PER_PAGE,
} from './paging.ts';
import { idString, MAX_FREE_TEXT, MAX_LIST, opt, queryInt, shortText, tolerant } from './shared.ts';

/** Collections appear in the category list with ids carrying this prefix. */
export const COLLECTION_PREFIX = 'COLLECTION_';
/** providerId of the pseudo-category 'Sugeridos'. */
export const SUGGESTED_ITEMS = 'SUGGESTED_ITEMS';
export const SUGGESTED_ITEMS_NAME = 'Sugeridos';

export { DEFAULT_CATEGORY_PER_PAGE, DEFAULT_PAGE_NUMBER, DEFAULT_PRODUCT_PER_PAGE, MAX_PER_PAGE };

export const isCollectionId = (id: string) => id.startsWith(COLLECTION_PREFIX);

// ---------------------------------------------------------------------------------------------
// Categories

export const subcategorySchema = tolerant({
  providerId: z.string(),
  name: z.string(),
});

export const categorySchema = tolerant({
  providerId: z.string(),
  name: z.string(),
  description: opt(z.string()),
  children: opt(z.array(subcategorySchema)),
  shopId: opt(z.string()),
});
export type Category = z.infer<typeof categorySchema>;

// ---------------------------------------------------------------------------------------------
// Products

export const imageSchema = tolerant({ url: z.string() });

export const attributeOptionSchema = tolerant({
  providerId: z.string(),
  name: opt(z.string()),
  /** Choosing it reloads the product under a variant id. */
  redirectable: opt(z.boolean()),
});
export type AttributeOption = z.infer<typeof attributeOptionSchema>;

export const productAttributeSchema = tolerant({
  providerId: z.string(),
  name: opt(z.string()),
  options: opt(z.array(attributeOptionSchema)),
});
export type ProductAttribute = z.infer<typeof productAttributeSchema>;

/** One purchasable combination of attribute options. */
export const productDimensionSchema = tolerant({
  /** attribute providerId → option providerId */
  attributes: z.record(z.string(), z.string()),
  image: opt(imageSchema),
  sku: opt(z.string()),
  priceDefault: opt(z.number()),
  isAvailable: opt(z.boolean()),
});
export type ProductDimension = z.infer<typeof productDimensionSchema>;

export const recurrenceSchema = tolerant({
  type: recurrenceTypeSchema,
  frequency: z.number(),
});

export const subscriptionOfferSchema = tolerant({ recurrence: recurrenceSchema });
export type SubscriptionOffer = z.infer<typeof subscriptionOfferSchema>;

export const specificationSchema = tolerant({
  name: z.string(),
  value: opt(z.array(z.string())),
});
export type Specification = z.infer<typeof specificationSchema>;

/** A cluster highlight badge. Shape not shown by the spec: a name, and an id when present. */
export const clusterHighlightSchema = tolerant({
  id: opt(z.string()),
  name: opt(z.string()),
});
export type ClusterHighlight = z.infer<typeof clusterHighlightSchema>;

export const productSchema = tolerant({
  /** May contain '&' with a base id before it. */
  providerId: z.string(),
  name: z.string(),
  images: opt(z.array(imageSchema)),
  variantImagesSrc: opt(z.array(z.string())),
  attributes: opt(z.array(productAttributeSchema)),
  dimensions: opt(z.array(productDimensionSchema)),
  currentDimension: opt(productDimensionSchema),
  sku: opt(z.string()),
  price: opt(z.number()),
  listPrice: opt(z.number()),
  promotionalPrice: opt(z.number()),
  minPrice: opt(z.number()),
  maxPrice: opt(z.number()),
  brand: opt(tolerant({ name: opt(z.string()) })),
  sellerName: opt(z.string()),
  /** Plain text or HTML. */
  description: opt(z.string()),
  specification: opt(z.array(specificationSchema)),
  soldInKilo: opt(z.boolean()),
  amountInKilo: opt(z.number()),
  kilogramPrice: opt(z.number()),
  clusterHighlights: opt(z.array(clusterHighlightSchema)),
  offerDescription: opt(z.string()),
  isActive: opt(z.boolean()),
  hasVariants: opt(z.boolean()),
  isRestrictedSale: opt(z.boolean()),
  hasShippingRestriction: opt(z.boolean()),
  shippingRestrictionMessage: opt(z.string()),
  subscriptionOffers: opt(z.array(subscriptionOfferSchema)),
});
export type Product = z.infer<typeof productSchema>;

export const pagedProductResultSchema = tolerant({
  data: opt(z.array(productSchema)),
  page: opt(z.number()),
  perPage: opt(z.number()),
  hasMore: opt(z.boolean()),
  /** Continuation token for the next page (sent back as pageToken). */
  token: opt(z.string()),
});
export type PagedProductResult = z.infer<typeof pagedProductResultSchema>;

// ---------------------------------------------------------------------------------------------
// Facets

export const PRICE_FACET_KEY = 'price';

export const facetValueSchema = tolerant({
  name: opt(z.string()),
  value: opt(z.string()),
  quantity: opt(z.number()),
  /** Present on range facets (the 'price' facet). */
  range: opt(tolerant({ from: opt(z.number()), to: opt(z.number()) })),
});

export const facetSchema = tolerant({
  key: z.string(),
  name: opt(z.string()),
  hidden: opt(z.boolean()),
  values: opt(z.array(facetValueSchema)),
});
export type Facet = z.infer<typeof facetSchema>;

/**
 * One chosen facet value, as sent in a search's `filters`. The payload's shape is not shown by the
 * spec: a facet key with either one of its values or, for the price facet, a range. A facet with
 * several chosen values is sent as several entries with the same key.
 */
export const catalogFilterSchema = z
  .strictObject({
    key: idString,
    value: z.optional(shortText),
    range: z.optional(
      z
        .strictObject({
          from: z.number().check(z.minimum(0)),
          to: z.number().check(z.minimum(0)),
        })
        .check(z.refine((range) => range.from <= range.to, 'A faixa de preço é inválida.')),
    ),
  })
  .check(
    z.refine(
      (filter) => filter.value !== undefined || filter.range !== undefined,
      'Informe um valor ou uma faixa.',
    ),
  );
export type CatalogFilter = z.infer<typeof catalogFilterSchema>;

// ---------------------------------------------------------------------------------------------
// Inputs of the catalogue calls (strict)

const perPage = (fallback: number) => z._default(queryInt(1, MAX_PER_PAGE), fallback);
const pageNumber = z._default(queryInt(0, 100_000), DEFAULT_PAGE_NUMBER);
const pageToken = z.optional(z.string().check(z.maxLength(MAX_FREE_TEXT)));
const searchQuery = z.optional(shortText);
const filters = z.optional(z.array(catalogFilterSchema).check(z.maxLength(MAX_LIST)));

/** GET /api/catalog/categories */
export const categoriesQuerySchema = z.strictObject({
  perPage: perPage(DEFAULT_CATEGORY_PER_PAGE),
});

/** GET /api/catalog/top */
export const topProductsQuerySchema = z.strictObject({
  pageNumber,
  perPage: perPage(DEFAULT_PRODUCT_PER_PAGE),
  pageToken,
});

/** POST /api/catalog/products/search: `category` is the comma-joined category ids. */
export const productSearchBodySchema = z.strictObject({
  category: z.optional(z.string().check(z.maxLength(MAX_FREE_TEXT))),
  pageNumber,
  perPage: perPage(DEFAULT_PRODUCT_PER_PAGE),
  pageToken,
  searchQuery,
  filters,
});

/** GET /api/catalog/products/collections/{id} */
export const collectionProductsQuerySchema = z.strictObject({
  searchQuery,
  pageNumber,
  perPage: perPage(DEFAULT_PRODUCT_PER_PAGE),
  pageToken,
});

/** POST /api/catalog/products/searchText */
export const textSearchBodySchema = z.strictObject({
  pageNumber,
  perPage: perPage(DEFAULT_PRODUCT_PER_PAGE),
  pageToken,
  searchQuery,
  filters,
});

/** GET /api/catalog/products/facets: searchQuery is a category id or the search text. */
export const facetsQuerySchema = z.strictObject({ searchQuery });

/** Catalogue send options (GET /api/order/send/catalog): at most one is normally set. */
export const catalogSendOptionsSchema = z.strictObject({
  categoryId: z.optional(idString),
  collectionId: z.optional(idString),
  searchTerm: z.optional(shortText),
});
export type CatalogSendOptions = z.infer<typeof catalogSendOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// Operator's cached catalogue (kept in the session store, restored on load)

/**
 * The operator's cached catalogue. Read back from storage, so parsed tolerantly: an entry written
 * by an older build keeps what still fits, and a broken one is simply dropped by the caller.
 */
export const cachedCatalogSchema = tolerant({
  mode: opt(catalogModeSchema),
  searchText: opt(z.string()),
  /** The category id, then optionally the subcategory id. */
  searchCategoryIds: opt(z.array(z.string()).check(z.maxLength(2))),
  currentCategory: opt(categorySchema),
  /** The last page's paging state (its `data` may be left out: `products` holds them all). */
  pagedData: opt(pagedProductResultSchema),
  products: opt(z.array(productSchema)),
  facets: opt(z.array(facetSchema)),
  filters: opt(z.array(catalogFilterSchema)),
});
