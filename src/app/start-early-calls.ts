import { DEFAULT_CATEGORY_PER_PAGE, DEFAULT_PRODUCT_PER_PAGE } from '@/contract/paging.ts';
import { PATH_ID_PATTERN } from '@/contract/path-rules.ts';
import { ANONYMOUS_SESSION_CODE, SESSION_HANDLE_HEADER } from '@/contract/session-code.ts';
import { cardImage, EAGER_IMAGES } from '@/features/catalog/components/product-card/card-image.ts';
import { type EarlyAnswer, fetchEarly } from '@/lib/early-answers.ts';
import { parseSessionHash } from '@/session/hash.ts';
import { tabStorage } from '@/session/tab.ts';
import { TAB_STORAGE_KEYS } from '@/session/tab-storage.ts';
import { PRODUCT_PATH } from './router-paths.ts';

/** The catalogue's plain first view (not the search results' address). */
const PLAIN_CATALOG_PATHS = ['/', '/catalog'];

/**
 * The page's first script asks, at once, for what the first screen will ask for when the app's
 * code has arrived (lib/early-answers.ts explains how the app takes these answers):
 * - the session, exactly as session/start-session.ts will open or resume it;
 * - then, with the session's handle: the shop settings and the order (every screen), and on the
 *   catalogue's plain first view (no category, search or filter in the address or in the link),
 *   the top sellers' first page, the categories and the facets.
 *
 * It imports no library, only our own small modules, so it runs a round trip after the page.
 * Resolves when every call it started has answered (or failed): tests wait for it, the page does not.
 */
export async function startEarlyCalls(
  location: Pick<Location, 'hash' | 'pathname' | 'search'> = window.location,
): Promise<void> {
  const hash = parseSessionHash(location.hash);
  if (hash.codeRejected) return;
  const storedHandle = tabStorage.get<string>(TAB_STORAGE_KEYS.sessionHandle);

  // Opened with the code in the body (never in the address), or resumed with the tab's handle.
  let session: Promise<EarlyAnswer>;
  if (hash.code) session = fetchEarly('/api/session', { body: { code: hash.code } });
  else if (typeof storedHandle === 'string' && storedHandle) {
    session = fetchEarly('/api/session', { handleHeader: [SESSION_HANDLE_HEADER, storedHandle] });
  } else session = fetchEarly('/api/session', { body: { code: ANONYMOUS_SESSION_CODE } });

  const plainCatalog =
    PLAIN_CATALOG_PATHS.includes(location.pathname) &&
    !location.search &&
    !hash.catalogType &&
    !hash.catalogId;

  let answer: EarlyAnswer;
  try {
    answer = await session;
  } catch {
    // The app makes the call again itself.
    return;
  }
  const handle = answer.headers[SESSION_HANDLE_HEADER];
  if (answer.status !== 200 || !handle) return;
  const handleHeader: [string, string] = [SESSION_HANDLE_HEADER, handle];
  const calls: Promise<unknown>[] = [
    fetchEarly('/api/shop/settings', { handleHeader }),
    fetchEarly('/api/order/current', { handleHeader }),
  ];
  const productId = productIdOf(location.pathname);
  if (productId && PATH_ID_PATTERN.test(productId)) {
    // Spelled as the product page will ask (get-product.ts): the id decoded by the router, encoded again.
    calls.push(fetchEarly(`/api/catalog/products/${encodeURIComponent(productId)}`, { handleHeader }));
  }
  if (plainCatalog) {
    calls.push(
      fetchEarly('/api/catalog/top', {
        params: { pageNumber: 0, perPage: DEFAULT_PRODUCT_PER_PAGE },
        handleHeader,
      }).then((top) => preloadFirstPictures(top, isPlatformUser(answer))),
      fetchEarly('/api/catalog/categories', { params: { perPage: DEFAULT_CATEGORY_PER_PAGE }, handleHeader }),
      fetchEarly('/api/catalog/products/facets', { handleHeader }),
    );
  }
  await Promise.allSettled(calls);
}

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

/** SessionType.PlatformUser, spelled here: the enumerations' module brings the validation library. */
const PLATFORM_USER = 1;

/** An operator's catalogue shows the operator's cards (another picture width). */
function isPlatformUser(session: EarlyAnswer): boolean {
  return (session.data as { data?: { sessionType?: unknown } } | null)?.data?.sessionType === PLATFORM_USER;
}

/**
 * The first cards' pictures start downloading with the app's code instead of after it: the largest
 * thing on the first screen is one of them (Lighthouse's LCP element). A picture kept at several
 * widths is preloaded with the card's own `srcset` and `sizes`, so the browser fetches the width
 * the card will use. Anything unexpected in the answer is skipped here and judged by the app's own
 * parsing later.
 */
function preloadFirstPictures(answer: EarlyAnswer, operator: boolean) {
  const products = (answer.data as { data?: { data?: unknown } } | null)?.data?.data;
  if (answer.status !== 200 || !Array.isArray(products)) return;
  for (const product of products.slice(0, EAGER_IMAGES) as Parameters<typeof cardImage>[0][]) {
    let image: ReturnType<typeof cardImage>;
    try {
      image = cardImage(product, operator ? 'operator' : 'contact');
    } catch {
      // Not shaped like a product (images not a list): nothing to preload.
      continue;
    }
    if (typeof image?.src !== 'string' || !PICTURE_ADDRESS.test(image.src)) continue;
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
