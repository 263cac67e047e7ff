// The first screen's data, asked for by the page's first script (main.tsx) while the app's code is
// still downloading: on a slow cell that code takes the better part of a second, and the session,
// the order and the catalogue's first page need only the address and the tab's storage.
//
// This is react-query's own prefetch, into the page's query client (lib/query-client.ts), with the
// very query options the screens use: a screen finds its data under its own key, or the call
// already on its way, and nothing here knows how a call is spelled.
import type { QueryClient } from '@tanstack/query-core';
import { SessionType } from '@/contract/enums.ts';
import { PATH_ID_PATTERN } from '@/contract/path-rules.ts';
import { facetsQuery } from '@/features/catalog/api/get-facets.ts';
import { productPagesQuery } from '@/features/catalog/api/get-product-pages.ts';
import { EMPTY_VIEW } from '@/features/catalog/view/catalog-view.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { cardImage, EAGER_IMAGES } from '@/products/card-image.ts';
import { categoriesQuery } from '@/products/get-categories.ts';
import { productQuery } from '@/products/get-product.ts';
import { sessionQuery } from '@/session/session-query.ts';
import { tabStorage } from '@/session/tab.ts';
import { TAB_STORAGE_KEYS } from '@/session/tab-storage.ts';
import { CATALOG_PATHS, PRODUCT_PATH, SHARE_PATH } from './router-paths.ts';

/** The catalogue's plain first view: no search or filter in the address, no view asked by the link. */
const PLAIN_CATALOG = { view: EMPTY_VIEW, suggestedIds: [] };

/**
 * Opens the tab's session, then asks for the order (every screen), the product on a product link,
 * and on the catalogue's plain first view the top sellers' first page (preloading the first cards'
 * pictures), the categories and the facets. Resolves when all have settled: tests wait for it, the
 * page does not. A failure stays in the cache as the screen's own would, and the screen retries it.
 * A share link's page opens no session at all, so nothing is asked for there.
 */
export async function prefetchLanding(
  client: QueryClient,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): Promise<void> {
  if (SHARE_PATH.test(location.pathname)) return;
  await client.prefetchQuery(sessionQuery);
  const loaded = client.getQueryData(sessionQuery.queryKey);
  if (!loaded) return;
  const operator = loaded.session.sessionType === SessionType.PlatformUser;

  const work: Promise<unknown>[] = [client.prefetchQuery(currentOrderQuery)];
  const productId = productIdOf(location.pathname);
  if (productId && PATH_ID_PATTERN.test(productId)) work.push(client.prefetchQuery(productQuery(productId)));
  if (showsPlainCatalog(location)) {
    work.push(
      client
        .prefetchInfiniteQuery(productPagesQuery(PLAIN_CATALOG))
        .then(() => preloadFirstPictures(client, operator)),
      client.prefetchQuery(categoriesQuery),
      client.prefetchQuery(facetsQuery(EMPTY_VIEW)),
    );
  }
  await Promise.allSettled(work);
}

/**
 * The catalogue's plain first view: no view in the address, none asked for by the link (an operator
 * coming back to a list they left filtered still gets the plain first page: one call, unused).
 */
function showsPlainCatalog(location: Pick<Location, 'pathname' | 'search'>): boolean {
  if (!CATALOG_PATHS.includes(location.pathname) || location.search) return false;
  return (
    tabStorage.get(TAB_STORAGE_KEYS.catalogType) === undefined &&
    tabStorage.get(TAB_STORAGE_KEYS.catalogId) === undefined
  );
}

/** The product id as the router gives it to the product page (decoded). */
function productIdOf(pathname: string): string | undefined {
  const raw = PRODUCT_PATH.exec(pathname)?.[1];
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Picture addresses the page's security policy allows: same-origin paths and https. */
const PICTURE_ADDRESS = /^(\/(?!\/)|https:\/\/)\S+$/;

/**
 * The first cards' pictures start downloading with the app's code instead of after it: the largest
 * thing on the first screen is one of them (Lighthouse's LCP element). A picture kept at several
 * widths is preloaded with the card's own `srcset` and `sizes`, so the browser fetches the width the
 * card will use.
 */
function preloadFirstPictures(client: QueryClient, operator: boolean) {
  const pages = client.getQueryData(productPagesQuery(PLAIN_CATALOG).queryKey);
  for (const product of pages?.pages[0]?.data?.slice(0, EAGER_IMAGES) ?? []) {
    const image = cardImage(product, operator ? 'operator' : 'contact');
    if (!image || !PICTURE_ADDRESS.test(image.src)) continue;
    const link = document.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', 'image');
    link.setAttribute('href', image.src);
    if (image.srcSet && image.sizes) {
      link.setAttribute('imagesrcset', image.srcSet);
      link.setAttribute('imagesizes', image.sizes);
    }
    link.setAttribute('fetchpriority', 'high');
    document.head.append(link);
  }
}
