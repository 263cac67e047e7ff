// Catalogue calls (shopper spec, section 7): categories (collections appended), top sellers,
// search by category and text, collections, facets, and products by id. Every call reads the
// catalogue of the session shop's catalogue shop (a scenario shop may sell another's products).
import { type Response, Router } from 'express';
import { COLLECTION_PREFIX, calls, isCollectionId } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { currentShopSession } from '../http/auth.ts';
import { badRequest, notFound, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { textSearch } from '../rules/text.ts';
import { catalogShopOf, findShopSettings } from '../shop/shops.ts';
import {
  findCollection,
  listCategories,
  listProductRows,
  listTopSellers,
  type PageStart,
  type ProductRow,
  resolveProduct,
} from './catalog-store.ts';
import { productFacets } from './facets.ts';
import { toProductFilters } from './filters.ts';
import { decodePageToken, encodePageToken, queryFingerprint } from './page-token.ts';
import { canonicalQuery, NO_FILTERS, type ProductQuery } from './product-query.ts';
import { productRowToWire, productToWire } from './product-wire.ts';
import { collectionScope, scopeOfCategoryIds, scopeOfFacetsQuery } from './scope.ts';

const INVALID_TOKEN = 'O parâmetro pageToken é inválido: recomece da primeira página.';
const PRODUCT_NOT_FOUND = 'Produto não encontrado.';
/** Most products one byids call answers: a page of suggestions, not a catalogue dump. */
export const MAX_PRODUCTS_BY_IDS = 50;

type PageInput = { pageNumber: number; perPage: number; pageToken?: string | undefined };

/**
 * Where a page starts. A token (from the previous page of this same query) continues after the
 * last item seen, so the pages stay stable; without one, pageNumber × perPage is the offset.
 */
function pageStart(input: PageInput, fingerprint: string): PageStart {
  if (!input.pageToken) return { offset: input.pageNumber * input.perPage };
  const afterKey = decodePageToken(input.pageToken, fingerprint);
  if (afterKey === undefined) throw badRequest(INVALID_TOKEN);
  return { afterKey };
}

/** The paged result: rows holds up to one row more than the page, telling whether more follow. */
function pagedResult<R extends ProductRow>(
  rows: R[],
  input: PageInput,
  fingerprint: string,
  sortKeyOf: (row: R) => number | null,
) {
  const pageRows = rows.slice(0, input.perPage);
  const hasMore = rows.length > input.perPage;
  const last = pageRows.at(-1);
  const lastKey = last ? sortKeyOf(last) : null;
  return {
    data: pageRows.map(productRowToWire),
    page: input.pageNumber,
    perPage: input.perPage,
    hasMore,
    token: hasMore && lastKey !== null ? encodePageToken(fingerprint, lastKey) : '',
  };
}

function productPage(db: SandboxDb, call: string, query: ProductQuery, input: PageInput) {
  const fingerprint = queryFingerprint(canonicalQuery(call, query));
  const rows = listProductRows(db, query, pageStart(input, fingerprint), input.perPage + 1);
  return pagedResult(rows, input, fingerprint, (row) => row.sort_key);
}

/** The shop whose catalogue this session's shop sells. */
function catalogShop(db: SandboxDb, res: Response): { shopId: string; catalogShopId: string } {
  const { shopId } = currentShopSession(res);
  return { shopId, catalogShopId: catalogShopOf(db, shopId) };
}

/** The collections the shop shows (settings.showCollections), as categories of the list. */
function shownCollections(db: SandboxDb, shopId: string, catalogShopId: string) {
  const shown = findShopSettings(db, shopId)?.showCollections;
  if (!Array.isArray(shown)) return [];
  return shown.flatMap((entry: { providerId?: unknown; name?: unknown }) => {
    if (typeof entry?.providerId !== 'string') return [];
    const id = isCollectionId(entry.providerId)
      ? entry.providerId.slice(COLLECTION_PREFIX.length)
      : entry.providerId;
    const collection = findCollection(db, catalogShopId, id);
    if (!collection) return [];
    return [
      {
        providerId: `${COLLECTION_PREFIX}${collection.id}`,
        name: typeof entry.name === 'string' && entry.name ? entry.name : collection.name,
        description: '',
        children: [],
        shopId: catalogShopId,
      },
    ];
  });
}

export function catalogRoutes(db: SandboxDb): Router {
  const router = Router();

  // perPage (default 50) bounds the whole list: the categories, each with all its subcategories,
  // then the shown collections as categories with the COLLECTION_ prefix.
  router.get('/categories', (req, res) => {
    const { perPage } = parseInput(calls.listCategories.query, req.query, 'query');
    const { shopId, catalogShopId } = catalogShop(db, res);
    const categories = listCategories(db, catalogShopId, perPage);
    sendOk(res, [...categories, ...shownCollections(db, shopId, catalogShopId)].slice(0, perPage));
  });

  // Paged by rank; a token continues after the last rank seen.
  router.get('/top', (req, res) => {
    const input = parseInput(calls.listTopProducts.query, req.query, 'query');
    const { catalogShopId } = catalogShop(db, res);
    const fingerprint = queryFingerprint({ call: 'top', shop: catalogShopId });
    const rows = listTopSellers(db, catalogShopId, pageStart(input, fingerprint), input.perPage + 1);
    sendOk(
      res,
      pagedResult(rows, input, fingerprint, (row) => row.top_rank),
    );
  });

  router.post('/products/search', (req, res) => {
    const body = parseInput(calls.searchProducts.body, req.body ?? {}, 'body');
    const { catalogShopId } = catalogShop(db, res);
    const query: ProductQuery = {
      shopId: catalogShopId,
      scope: scopeOfCategoryIds(db, catalogShopId, body.category),
      text: textSearch(body.searchQuery),
      filters: toProductFilters(body.filters),
    };
    sendOk(res, productPage(db, 'search', query, body));
  });

  router.post('/products/searchText', (req, res) => {
    const body = parseInput(calls.searchProductsByText.body, req.body ?? {}, 'body');
    const { catalogShopId } = catalogShop(db, res);
    const query: ProductQuery = {
      shopId: catalogShopId,
      scope: { kind: 'all' },
      text: textSearch(body.searchQuery),
      filters: toProductFilters(body.filters),
    };
    sendOk(res, productPage(db, 'searchText', query, body));
  });

  router.get('/products/facets', (req, res) => {
    const { searchQuery } = parseInput(calls.getProductFacets.query, req.query, 'query');
    const { catalogShopId } = catalogShop(db, res);
    const { scope, text } = scopeOfFacetsQuery(db, catalogShopId, searchQuery);
    const query: ProductQuery = { shopId: catalogShopId, scope, text, filters: NO_FILTERS };
    sendOk(res, productFacets(db, query, { hideCategoryFacets: scope.kind !== 'all' }));
  });

  // Suggested items and the like: unknown ids are skipped, the order is kept, repeats come once.
  router.get('/products/byids/:ids', (req, res) => {
    const { ids } = parseInput(calls.getProductsByIds.params, req.params, 'params');
    const { catalogShopId } = catalogShop(db, res);
    const asked = [
      ...new Set(
        ids
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id.length > 0),
      ),
    ];
    if (asked.length === 0) throw badRequest('Informe ao menos um id de produto.');
    if (asked.length > MAX_PRODUCTS_BY_IDS) {
      throw badRequest(`Informe no máximo ${MAX_PRODUCTS_BY_IDS} produtos por vez.`);
    }
    const seen = new Set<string>();
    const products = asked.flatMap((id) => {
      const resolved = resolveProduct(db, catalogShopId, id);
      if (!resolved || seen.has(resolved.providerId)) return [];
      seen.add(resolved.providerId);
      return [productToWire(resolved)];
    });
    sendOk(res, products);
  });

  router.get('/products/collections/:id', (req, res) => {
    const { id } = parseInput(calls.listCollectionProducts.params, req.params, 'params');
    const input = parseInput(calls.listCollectionProducts.query, req.query, 'query');
    const { catalogShopId } = catalogShop(db, res);
    const query: ProductQuery = {
      shopId: catalogShopId,
      scope: collectionScope(db, catalogShopId, id),
      text: textSearch(input.searchQuery),
      filters: NO_FILTERS,
    };
    sendOk(res, productPage(db, 'collection', query, input));
  });

  // Registered after the fixed /products/... paths, which it would otherwise catch.
  router.get('/products/:id', (req, res) => {
    const { id } = parseInput(calls.getProduct.params, req.params, 'params');
    const { catalogShopId } = catalogShop(db, res);
    const resolved = resolveProduct(db, catalogShopId, id);
    if (!resolved) throw notFound(PRODUCT_NOT_FOUND);
    sendOk(res, productToWire(resolved));
  });

  return router;
}
