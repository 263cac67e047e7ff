// Catalogue calls of the walking skeleton: categories and top sellers (shopper spec, section 7).
// Issue 3 adds search, collections, product by id(s) and facets here.
import { Router } from 'express';
import { calls } from '../contract.ts';
import type { SandboxDb } from '../db/open.ts';
import { currentShopSession } from '../http/auth.ts';
import { badRequest, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { decodeRankToken, encodeRankToken } from '../rules/page-token.ts';
import { listCategories, listTopSellers, productToWire } from '../store/catalog.ts';

export function catalogRoutes(db: SandboxDb): Router {
  const router = Router();

  // perPage (default 50) limits the top-level categories; each comes with all its subcategories.
  router.get('/categories', (req, res) => {
    const { perPage } = parseInput(calls.listCategories.query, req.query, 'query');
    const { shopId } = currentShopSession(res);
    sendOk(res, listCategories(db, shopId, perPage));
  });

  // Paged by rank. A page token (from the previous page) continues after the last rank seen, so
  // paging stays stable; without one, pageNumber × perPage is the offset.
  router.get('/top', (req, res) => {
    const { pageNumber, perPage, pageToken } = parseInput(calls.listTopProducts.query, req.query, 'query');
    const { shopId } = currentShopSession(res);
    let start: { afterRank: number } | { offset: number } = { offset: pageNumber * perPage };
    if (pageToken) {
      const afterRank = decodeRankToken(pageToken);
      if (afterRank === undefined)
        throw badRequest('O parâmetro pageToken é inválido: recomece da primeira página.');
      start = { afterRank };
    }
    const rows = listTopSellers(db, shopId, start, perPage + 1);
    const pageRows = rows.slice(0, perPage);
    const hasMore = rows.length > perPage;
    const lastRank = pageRows.at(-1)?.top_rank;
    sendOk(res, {
      data: pageRows.map(productToWire),
      page: pageNumber,
      perPage,
      hasMore,
      token: hasMore && typeof lastRank === 'number' ? encodeRankToken(lastRank) : '',
    });
  });

  return router;
}
