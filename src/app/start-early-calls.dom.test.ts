import { envelope, server, sessionFixture } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_IMAGE_SIZES } from '@/features/catalog/components/product-card/card-image.ts';
import { apiCall, setSessionHandle } from '@/lib/api-client.ts';
import { clearEarlyAnswers, EARLY_ANSWER_TTL_MS } from '@/lib/early-answers.ts';
import { getCategories } from '@/products/get-categories.ts';
import { startSession } from '@/session/start-session.ts';
import { tabStorage } from '@/session/tab.ts';
import { TAB_STORAGE_KEYS } from '@/session/tab-storage.ts';
import { startEarlyCalls } from './start-early-calls.ts';

const HANDLE = 'hhhhhhhhhhhhhhhhhhhhhh';
const session = sessionFixture({ sessionType: 0, channelType: 1, channelId: 'c1', userShop: { id: 'u1' } });

/** Every call the backend saw, as "METHOD path?query handle". */
function backend(options: { failTopOnce?: boolean; sessionType?: number } = {}) {
  const seen: string[] = [];
  let topFailures = options.failTopOnce ? 1 : 0;
  const note = (request: Request, body = '') => {
    const url = new URL(request.url);
    seen.push(
      `${request.method} ${url.pathname}${url.search} ${request.headers.get('x-session-handle') ?? '-'}${body}`,
    );
  };
  const sessionAnswer = () =>
    HttpResponse.json(
      {
        success: true,
        data: { ...session, sessionType: options.sessionType ?? session.sessionType },
        errors: [],
      },
      { headers: { 'x-session-handle': HANDLE } },
    );
  const answering =
    (answer: () => Response) =>
    ({ request }: { request: Request }) => {
      note(request);
      return answer();
    };
  server.use(
    http.post('/api/session', async ({ request }) => {
      expect(request.headers.get('content-type')).toBe('application/json');
      note(request, ` ${await request.text()}`);
      return sessionAnswer();
    }),
    http.get('/api/session', answering(sessionAnswer)),
    http.get(
      '/api/shop/settings',
      answering(() => envelope({})),
    ),
    http.get(
      '/api/order/current',
      answering(() => envelope({ id: 'o1' })),
    ),
    http.get('/api/catalog/top', ({ request }) => {
      note(request);
      if (topFailures-- > 0) return HttpResponse.error();
      return envelope({ data: [], hasMore: false });
    }),
    http.get(
      '/api/catalog/categories',
      answering(() => envelope([{ providerId: '7', name: 'Bebidas' }])),
    ),
    http.get(
      '/api/catalog/products/facets',
      answering(() => envelope([])),
    ),
  );
  return seen;
}

const at = (path: string, hash = '', search = '') => ({
  pathname: path,
  hash,
  search,
  href: `${window.location.origin}${path}${search}${hash}`,
});

beforeEach(() => {
  clearEarlyAnswers();
  setSessionHandle(undefined);
  tabStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('the first calls, started before the app has arrived', () => {
  it('a chat link to the catalogue asks once for the session, settings, order, top sellers, categories and facets', async () => {
    const seen = backend();
    await startEarlyCalls(at('/catalog', '#demo-shopper'));

    // The app then makes the same calls, and takes the answers already here instead of asking again.
    const loaded = await startSession(at('/catalog', '#demo-shopper'));
    await apiCall({ method: 'GET', url: '/api/order/current' }, 'x');
    await apiCall(
      {
        method: 'GET',
        url: '/api/catalog/top',
        params: { pageNumber: 0, perPage: 10, pageToken: undefined },
      },
      'x',
    );
    expect(await getCategories()).toEqual([{ providerId: '7', name: 'Bebidas' }]);
    await apiCall({ method: 'GET', url: '/api/catalog/products/facets', params: {} }, 'x');

    expect(loaded.session).toEqual(session);
    expect(seen.sort()).toEqual(
      [
        'POST /api/session - {"code":"demo-shopper"}',
        `GET /api/shop/settings ${HANDLE}`,
        `GET /api/order/current ${HANDLE}`,
        `GET /api/catalog/top?pageNumber=0&perPage=10 ${HANDLE}`,
        `GET /api/catalog/categories?perPage=50 ${HANDLE}`,
        `GET /api/catalog/products/facets ${HANDLE}`,
      ].sort(),
    );
  });

  it('the app takes an answer still on its way, without a second call', async () => {
    const seen = backend();
    const early = startEarlyCalls(at('/catalog', '#demo-shopper'));
    // No waiting: the session call has only just left.
    await startSession(at('/catalog', '#demo-shopper'));
    await early;
    expect(seen.filter((call) => call.includes(' /api/session'))).toHaveLength(1);
    expect(seen.filter((call) => call.startsWith('GET /api/shop/settings'))).toHaveLength(1);
  });

  it('a link without a code opens the anonymous session early, and the app takes that answer', async () => {
    const seen = backend();
    await startEarlyCalls(at('/catalog'));
    await startSession(at('/catalog'));
    expect(seen.filter((call) => call.includes(' /api/session'))).toEqual([
      'POST /api/session - {"code":"anonymous-session"}',
    ]);
  });

  it('an early open is taken only by the open of the same code', async () => {
    const seen = backend();
    await startEarlyCalls(at('/catalog', '#demo-shopper'));
    await startSession(at('/catalog', '#demo-operator'));
    expect(seen.filter((call) => call.includes(' /api/session'))).toEqual([
      'POST /api/session - {"code":"demo-shopper"}',
      'POST /api/session - {"code":"demo-operator"}',
    ]);
  });

  it('an answer is taken once: asking again (a refetch) goes to the backend', async () => {
    const seen = backend();
    await startEarlyCalls(at('/catalog', '#demo-shopper'));
    await startSession(at('/catalog', '#demo-shopper'));
    await apiCall({ method: 'GET', url: '/api/order/current' }, 'x');
    await apiCall({ method: 'GET', url: '/api/order/current' }, 'x');
    expect(seen.filter((call) => call.startsWith('GET /api/order/current'))).toHaveLength(2);
  });

  it('an early call that failed on the way is made again by the app', async () => {
    const seen = backend({ failTopOnce: true });
    await startEarlyCalls(at('/catalog', '#demo-shopper'));
    await startSession(at('/catalog', '#demo-shopper'));
    const answer = await apiCall(
      { method: 'GET', url: '/api/catalog/top', params: { pageNumber: 0, perPage: 10 } },
      'x',
    );
    expect(answer.data).toEqual({ data: [], hasMore: false });
    expect(seen.filter((call) => call.startsWith('GET /api/catalog/top'))).toHaveLength(2);
  });

  it('an answer older than its freshness is not used: the app asks the backend', async () => {
    const seen = backend();
    vi.useFakeTimers({ toFake: ['Date'] });
    await startEarlyCalls(at('/catalog', '#demo-shopper'));
    await startSession(at('/catalog', '#demo-shopper'));
    vi.setSystemTime(Date.now() + EARLY_ANSWER_TTL_MS + 1);
    await apiCall({ method: 'GET', url: '/api/order/current' }, 'x');
    expect(seen.filter((call) => call.startsWith('GET /api/order/current'))).toHaveLength(2);
  });

  it('a link to a category, or an address with a view, does not ask for the top sellers', async () => {
    const seen = backend();
    await Promise.all([
      startEarlyCalls(at('/catalog', '#demo-shopper?type=ShowCategory&id=7')),
      startEarlyCalls(at('/catalog', '#demo-shopper', '?categoria=7')),
      startEarlyCalls(at('/order', '#demo-shopper')),
    ]);
    expect(seen.some((call) => call.includes('/api/catalog/'))).toBe(false);
    expect(seen.filter((call) => call.startsWith('GET /api/order/current'))).toHaveLength(3);
  });

  it('a reload without a code resumes with the tab’s handle; a refused code starts nothing', async () => {
    const seen = backend();
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, HANDLE);
    await Promise.all([startEarlyCalls(at('/order')), startEarlyCalls(at('/catalog', '#<script>'))]);
    expect(seen).toContain(`GET /api/session ${HANDLE}`);
    expect(seen.filter((call) => call.includes(' /api/session'))).toHaveLength(1);
    tabStorage.remove(TAB_STORAGE_KEYS.sessionHandle);
  });
});

describe('the first cards’ pictures', () => {
  it('start downloading with the app: the first four, only same-origin or https addresses', async () => {
    backend();
    const products = [
      { images: [{ url: '/api/sandbox/media/produto-1.svg' }] },
      { images: [], variantImagesSrc: ['https://cdn.example/variante.jpg'] },
      { images: [{ url: 'javascript:alert(1)' }] },
      { images: 'not a list' },
      { images: [{ url: '/api/sandbox/media/produto-5.svg' }] },
    ];
    server.use(http.get('/api/catalog/top', () => envelope({ data: products, hasMore: false })));
    await startEarlyCalls(at('/catalog', '#demo-shopper'));

    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/api/sandbox/media/produto-1.svg',
      'https://cdn.example/variante.jpg',
    ]);
    for (const link of preloads) link.remove();
  });

  it.each([
    ['a shopper', 0, CARD_IMAGE_SIZES.contact],
    ['an operator', 1, CARD_IMAGE_SIZES.operator],
  ])(
    'kept at several widths, start downloading at the width %s’s card will use',
    async (_who, sessionType, sizes) => {
      backend({ sessionType });
      const url = '/api/sandbox/media/produto-1001-0123abcd-600w.webp';
      server.use(
        http.get('/api/catalog/top', () => envelope({ data: [{ images: [{ url }] }], hasMore: false })),
      );
      await startEarlyCalls(at('/catalog', '#demo-shopper'));

      const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
      expect(link?.getAttribute('href')).toBe(url);
      expect(link?.getAttribute('imagesrcset')).toBe(
        '/api/sandbox/media/produto-1001-0123abcd-200w.webp 200w, ' +
          '/api/sandbox/media/produto-1001-0123abcd-400w.webp 400w, ' +
          '/api/sandbox/media/produto-1001-0123abcd-600w.webp 600w, ' +
          '/api/sandbox/media/produto-1001-0123abcd-900w.webp 900w',
      );
      expect(link?.getAttribute('imagesizes')).toBe(sizes);
      link?.remove();
    },
  );
});

describe('a chat link to a product', () => {
  it('asks for the product early, spelled as the product page asks for it', async () => {
    const seen = backend();
    server.use(
      http.get('/api/catalog/products/:id', ({ request }) => {
        seen.push(`GET ${new URL(request.url).pathname}`);
        return envelope({ providerId: '11 03', name: 'Camiseta' });
      }),
    );
    await startEarlyCalls(at('/product/11%2003', '#demo-shopper'));
    await startSession(at('/product/11%2003', '#demo-shopper'));
    await apiCall({ method: 'GET', url: `/api/catalog/products/${encodeURIComponent('11 03')}` }, 'x');
    expect(seen.filter((call) => call.includes('/api/catalog/products/'))).toEqual([
      'GET /api/catalog/products/11%2003',
    ]);
    expect(seen.some((call) => call.includes('/api/catalog/top'))).toBe(false);
  });
});
