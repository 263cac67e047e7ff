import { envelope, productFixture, server, sessionFixture } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { facetsQuery } from '@/features/catalog/api/get-facets.ts';
import { productPagesQuery } from '@/features/catalog/api/get-product-pages.ts';
import { EMPTY_VIEW } from '@/features/catalog/view/catalog-view.ts';
import { setSessionHandle } from '@/lib/api-client.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { CARD_IMAGE_SIZES } from '@/products/card-image.ts';
import { categoriesQuery } from '@/products/get-categories.ts';
import { productQuery } from '@/products/get-product.ts';
import { forgetChatLinkForTests } from '@/session/chat-link.ts';
import { sessionQuery } from '@/session/session-query.ts';
import { tabStorage } from '@/session/tab.ts';
import { TAB_STORAGE_KEYS } from '@/session/tab-storage.ts';
import { prefetchLanding } from './prefetch-landing.ts';

const HANDLE = 'hhhhhhhhhhhhhhhhhhhhhh';
const session = sessionFixture({ sessionType: 0, channelType: 1, channelId: 'c1', userShop: { id: 'u1' } });

/** Every call the backend saw, as "METHOD path?query handle[ body]". */
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
      { success: true, data: { ...session, sessionType: options.sessionType ?? 0 }, errors: [] },
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
      answering(() => envelope({ id: 'o1', items: [] })),
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

/** A page load at this address: the first script has read nothing of it yet. */
function at(path: string, hash = '', search = '') {
  window.history.replaceState(null, '', `${path}${search}${hash}`);
  forgetChatLinkForTests();
  return { pathname: path, search };
}

const plainCatalog = { view: EMPTY_VIEW, suggestedIds: [] };

beforeEach(() => {
  setSessionHandle(undefined);
  tabStorage.clear();
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

describe('the first screen’s data, asked for before the app has arrived', () => {
  it('a chat link to the catalogue asks once for the session, settings, order, top sellers, categories and facets', async () => {
    const seen = backend();
    const client = createQueryClient();
    await prefetchLanding(client, at('/catalog', '#demo-shopper'));

    // The screens then read the same queries, and find their data under their own keys.
    expect((await client.ensureQueryData(sessionQuery)).session).toEqual(session);
    expect(await client.ensureQueryData(currentOrderQuery)).toMatchObject({ id: 'o1' });
    expect(await client.ensureQueryData(categoriesQuery)).toEqual([{ providerId: '7', name: 'Bebidas' }]);
    expect(await client.ensureQueryData(facetsQuery(EMPTY_VIEW))).toEqual([]);
    expect((await client.ensureInfiniteQueryData(productPagesQuery(plainCatalog))).pages).toHaveLength(1);
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

  it('a screen asking while the first script’s call is on its way joins it, without a second call', async () => {
    const seen = backend();
    const client = createQueryClient();
    const early = prefetchLanding(client, at('/catalog', '#demo-shopper'));
    await client.ensureQueryData(sessionQuery);
    await client.ensureQueryData(currentOrderQuery);
    await early;
    expect(seen.filter((call) => call.includes(' /api/session'))).toHaveLength(1);
    expect(seen.filter((call) => call.startsWith('GET /api/order/current'))).toHaveLength(1);
  });

  it('a link without a code opens the anonymous session', async () => {
    const seen = backend();
    await prefetchLanding(createQueryClient(), at('/catalog'));
    expect(seen.filter((call) => call.includes(' /api/session'))).toEqual([
      'POST /api/session - {"code":"anonymous-session"}',
    ]);
  });

  it('a share link’s page opens no session, not even the anonymous one, and asks for nothing', async () => {
    const seen = backend();
    const client = createQueryClient();
    await prefetchLanding(client, at('/s/emporio-bom-preco/p/1001'));
    expect(seen).toEqual([]);
    expect(client.getQueryState(sessionQuery.queryKey)).toBeUndefined();
  });

  it('a call that failed on the way is made again when the screen asks for it', async () => {
    const seen = backend({ failTopOnce: true });
    const client = createQueryClient();
    client.setQueryDefaults(['catalog'], { retry: false });
    await prefetchLanding(client, at('/catalog', '#demo-shopper'));
    expect(client.getQueryState(productPagesQuery(plainCatalog).queryKey)?.status).toBe('error');
    await client.fetchInfiniteQuery(productPagesQuery(plainCatalog));
    expect(seen.filter((call) => call.startsWith('GET /api/catalog/top'))).toHaveLength(2);
  });

  it('a link to a category, an address with a view, or another screen asks for no catalogue', async () => {
    const seen = backend();
    await prefetchLanding(createQueryClient(), at('/catalog', '#demo-shopper?type=ShowCategory&id=7'));
    tabStorage.clear();
    await prefetchLanding(createQueryClient(), at('/catalog', '#demo-shopper', '?categoria=7'));
    await prefetchLanding(createQueryClient(), at('/order', '#demo-shopper'));
    expect(seen.some((call) => call.includes('/api/catalog/'))).toBe(false);
    expect(seen.filter((call) => call.startsWith('GET /api/order/current'))).toHaveLength(3);
  });

  it('a reload without a code resumes with the tab’s handle; a refused code starts nothing', async () => {
    const seen = backend();
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, HANDLE);
    await prefetchLanding(createQueryClient(), at('/order'));
    expect(seen).toContain(`GET /api/session ${HANDLE}`);
    await prefetchLanding(createQueryClient(), at('/catalog', '#%3Cscript%3E'));
    expect(seen.filter((call) => call.includes(' /api/session'))).toHaveLength(1);
  });
});

describe('the first cards’ pictures', () => {
  const product = (id: string, images: { url: string }[], variantImagesSrc?: string[]) =>
    productFixture({
      providerId: id,
      name: `Produto ${id}`,
      images,
      ...(variantImagesSrc ? { variantImagesSrc } : {}),
    });

  it('start downloading with the app: the first four, only same-origin or https addresses', async () => {
    backend();
    const products = [
      product('1', [{ url: '/api/sandbox/media/produto-1.svg' }]),
      product('2', [], ['https://cdn.example/variante.jpg']),
      product('3', [{ url: 'javascript:alert(1)' }]),
      product('4', [{ url: '//elsewhere.example/x.jpg' }]),
      product('5', [{ url: '/api/sandbox/media/produto-5.svg' }]),
    ];
    server.use(http.get('/api/catalog/top', () => envelope({ data: products, hasMore: false })));
    await prefetchLanding(createQueryClient(), at('/catalog', '#demo-shopper'));

    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/api/sandbox/media/produto-1.svg',
      'https://cdn.example/variante.jpg',
    ]);
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
        http.get('/api/catalog/top', () => envelope({ data: [product('1001', [{ url }])], hasMore: false })),
      );
      await prefetchLanding(createQueryClient(), at('/catalog', '#demo-shopper'));

      const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
      expect(link?.getAttribute('href')).toBe(url);
      expect(link?.getAttribute('imagesrcset')).toBe(
        '/api/sandbox/media/produto-1001-0123abcd-200w.webp 200w, ' +
          '/api/sandbox/media/produto-1001-0123abcd-400w.webp 400w, ' +
          '/api/sandbox/media/produto-1001-0123abcd-600w.webp 600w, ' +
          '/api/sandbox/media/produto-1001-0123abcd-900w.webp 900w',
      );
      expect(link?.getAttribute('imagesizes')).toBe(sizes);
    },
  );
});

describe('a chat link to a product', () => {
  it('asks for the product under the key the product page reads, and for no catalogue', async () => {
    const seen = backend();
    server.use(
      http.get('/api/catalog/products/:id', ({ request }) => {
        seen.push(`GET ${new URL(request.url).pathname}`);
        return envelope(productFixture({ providerId: '1001&sabor=uva', name: 'Suco' }));
      }),
    );
    const client = createQueryClient();
    await prefetchLanding(client, at('/product/1001%26sabor%3Duva', '#demo-shopper'));
    expect(client.getQueryData(productQuery('1001&sabor=uva').queryKey)?.name).toBe('Suco');
    expect(seen.filter((call) => call.includes('/api/catalog/'))).toEqual([
      'GET /api/catalog/products/1001%26sabor%3Duva',
    ]);
  });
});
