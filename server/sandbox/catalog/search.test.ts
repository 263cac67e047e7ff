import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedProductResult } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const asShopper = { session: 'demo-shopper' };
const INVALID_TOKEN = 'O parâmetro pageToken é inválido: recomece da primeira página.';

const search = async (body: Record<string, unknown>) =>
  expectData('searchProducts', await sandbox.post('/api/catalog/products/search', body, asShopper));
const searchText = async (body: Record<string, unknown>) =>
  expectData('searchProductsByText', await sandbox.post('/api/catalog/products/searchText', body, asShopper));
const collection = async (id: string, query = '') =>
  expectData(
    'listCollectionProducts',
    await sandbox.get(`/api/catalog/products/collections/${encodeURIComponent(id)}?${query}`, asShopper),
  );

const idsOf = (page: PagedProductResult) => (page.data ?? []).map((p) => p.providerId);
const namesOf = (page: PagedProductResult) => (page.data ?? []).map((p) => p.name);

/** Every page of a list, following the tokens: the ids in order and the last page. */
async function followTokens(fetchPage: (token: string, page: number) => Promise<PagedProductResult>) {
  const ids: string[] = [];
  let token = '';
  for (let page = 0; page < 100; page++) {
    const result = await fetchPage(token, page);
    ids.push(...idsOf(result));
    if (!result.hasMore) return { ids, last: result };
    expect(result.token, `page ${page}`).toBeTruthy();
    token = result.token ?? '';
  }
  throw new Error('the list never ended');
}

/** The active products of a category, straight from the database: what a list must visit. */
function activeIdsOfCategory(categoryId: string): string[] {
  return sandbox.db
    .prepare<[string], { id: string }>(
      'SELECT id FROM products WHERE category_id = ? AND is_active = 1 ORDER BY position',
    )
    .all(categoryId)
    .map((r) => r.id);
}

describe('POST /api/catalog/products/search', () => {
  it('lists a category page by page with tokens, visiting every active product exactly once', async () => {
    const expected = activeIdsOfCategory('1');
    expect(expected.length).toBeGreaterThan(10);
    const { ids, last } = await followTokens((pageToken, pageNumber) =>
      search({ category: '1', pageNumber, perPage: 4, pageToken }),
    );
    expect(ids).toEqual(expected);
    expect(last).toMatchObject({ hasMore: false, token: '' });
  });

  it('answers page, perPage, hasMore and a token; pageNumber alone gives the same pages', async () => {
    const first = await search({ category: '2', pageNumber: 0, perPage: 5 });
    expect(first).toMatchObject({ page: 0, perPage: 5, hasMore: true });
    expect(first.data).toHaveLength(5);
    const byNumber = await search({ category: '2', pageNumber: 1, perPage: 5 });
    const byToken = await search({ category: '2', pageNumber: 1, perPage: 5, pageToken: first.token });
    expect(idsOf(byToken)).toEqual(idsOf(byNumber));
    expect(byToken.page).toBe(1);
  });

  it('defaults to page 0 of 10 products of the whole catalogue', async () => {
    const page = await search({});
    expect(page).toMatchObject({ page: 0, perPage: 10, hasMore: true });
    expect(page.data).toHaveLength(10);
  });

  it('keeps its place when the catalogue changes between pages: no product is skipped', async () => {
    const first = await search({ category: '5', perPage: 3 });
    const [removed] = idsOf(first);
    sandbox.db.prepare('UPDATE products SET is_active = 0 WHERE id = ?').run(removed);
    try {
      const rest = await followTokens((pageToken) =>
        pageToken ? search({ category: '5', perPage: 3, pageToken }) : Promise.resolve(first),
      );
      const expectedAfterFirstPage = activeIdsOfCategory('5').filter((id) => !idsOf(first).includes(id));
      expect(rest.ids.slice(idsOf(first).length)).toEqual(expectedAfterFirstPage);
    } finally {
      sandbox.db.prepare('UPDATE products SET is_active = 1 WHERE id = ?').run(removed);
    }
  });

  it('narrows to a subcategory with "category,subcategory", or with the subcategory alone', async () => {
    const both = await search({ category: '1,103', perPage: 50 });
    const alone = await search({ category: '103', perPage: 50 });
    expect(namesOf(both)).toEqual(
      expect.arrayContaining(['Açúcar Refinado União 1kg', 'Café Torrado e Moído Pilão 500g']),
    );
    expect(namesOf(both)).not.toContain('Arroz Branco Tipo 1 Camil 5kg');
    expect(idsOf(alone)).toEqual(idsOf(both));
  });

  it('lists a collection given as COLLECTION_<id>, in its curated order', async () => {
    const page = await search({ category: 'COLLECTION_9002', perPage: 3 });
    expect(idsOf(page)).toEqual(['1008', '4001', '5001']);
  });

  it('searches text within the chosen category', async () => {
    const page = await search({ category: '1', searchQuery: 'cafe', perPage: 50 });
    expect(namesOf(page).length).toBeGreaterThanOrEqual(3);
    for (const name of namesOf(page)) expect(name.toLowerCase()).toMatch(/café/);
    const elsewhere = await search({ category: '2', searchQuery: 'cafe', perPage: 50 });
    expect(elsewhere.data).toEqual([]);
  });

  it('filters by brand and by a price range, on the server', async () => {
    const camil = await search({ category: '1', filters: [{ key: 'brand', value: 'Camil' }], perPage: 50 });
    expect(camil.data?.length).toBe(2);
    for (const p of camil.data ?? []) expect(p.brand?.name).toBe('Camil');
    const twoBrands = await search({
      category: '1',
      filters: [
        { key: 'brand', value: 'Camil' },
        { key: 'brand', value: 'Yoki' },
      ],
      perPage: 50,
    });
    expect(twoBrands.data?.length).toBe(4);

    const cheap = await search({ filters: [{ key: 'price', range: { from: 0, to: 5 } }], perPage: 100 });
    expect(cheap.data?.length).toBeGreaterThan(3);
    for (const p of cheap.data ?? []) {
      const paid = Math.min(p.price ?? 0, p.promotionalPrice || Number.POSITIVE_INFINITY, p.minPrice ?? 1e9);
      expect(paid, p.name).toBeLessThanOrEqual(5);
    }
    // A promotion counts: Açúcar União costs 5,49 but sells for 4,79.
    expect(namesOf(cheap)).toContain('Açúcar Refinado União 1kg');
    const between = await search({
      filters: [{ key: 'price', range: { from: 100, to: 200 } }],
      perPage: 100,
    });
    expect(namesOf(between)).toEqual(
      expect.arrayContaining(['Botijão de Gás P13 (Recarga)', 'Espumante Chandon Brut 750ml']),
    );
    // A product with variants matches when one of its variant prices is in the range.
    expect(namesOf(between)).toContain('Ração Pedigree Adulto Carne e Vegetais');
  });

  it('never lists inactive products', async () => {
    const all = await followTokens((pageToken) => search({ perPage: 100, pageToken }));
    for (const inactive of ['1019', '2016', '3012', '11108']) expect(all.ids).not.toContain(inactive);
    const active = sandbox.db.prepare('SELECT COUNT(*) AS n FROM products WHERE is_active = 1').get() as {
      n: number;
    };
    expect(all.ids).toHaveLength(active.n);
  });

  it('refuses a page token from another query with 400', async () => {
    const page = await search({ category: '1', perPage: 2 });
    for (const other of [
      { category: '2', perPage: 2, pageToken: page.token },
      { category: '1', searchQuery: 'arroz', perPage: 2, pageToken: page.token },
      { category: '1', filters: [{ key: 'brand', value: 'Camil' }], pageToken: page.token },
    ]) {
      const error = expectRefusal(await sandbox.post('/api/catalog/products/search', other, asShopper), 400);
      expect(error.message).toBe(INVALID_TOKEN);
    }
  });

  it.each([
    ['a malformed token', { pageToken: 'abc' }, 400],
    [
      'a token from the top list of another era',
      { pageToken: Buffer.from('rank:3').toString('base64url') },
      400,
    ],
    ['an unknown category', { category: '999' }, 404],
    ['a subcategory of another category', { category: '1,201' }, 404],
    ['three category ids', { category: '1,101,102' }, 400],
    ['an unknown collection', { category: 'COLLECTION_9999' }, 404],
    ['the suggested items pseudo-category', { category: 'SUGGESTED_ITEMS' }, 400],
    ['an unknown filter key', { filters: [{ key: 'cor', value: 'azul' }] }, 400],
    ['a price filter without a range', { filters: [{ key: 'price', value: '10' }] }, 400],
    ['a brand filter without a value', { filters: [{ key: 'brand', range: { from: 1, to: 2 } }] }, 400],
    ['a reversed price range', { filters: [{ key: 'price', range: { from: 9, to: 1 } }] }, 400],
    ['an unknown field', { categoria: '1' }, 400],
    ['perPage 0', { perPage: 0 }, 400],
    ['perPage above the maximum', { perPage: 101 }, 400],
  ])('refuses %s', async (_what, body, status) => {
    expectRefusal(await sandbox.post('/api/catalog/products/search', body, asShopper), status);
  });

  it('refuses a body that is not JSON with 400', async () => {
    expectRefusal(await sandbox.post('/api/catalog/products/search', '{"category":', asShopper), 400);
  });
});

describe('POST /api/catalog/products/searchText', () => {
  it('ignores accents and case: "acucar" finds Açúcar, "ACUCAR" too', async () => {
    const plain = await searchText({ searchQuery: 'acucar' });
    expect(namesOf(plain)).toEqual(
      expect.arrayContaining(['Açúcar Refinado União 1kg', 'Açúcar Mascavo Orgânico Native 1kg']),
    );
    expect(idsOf(await searchText({ searchQuery: '  ACÚCAR ' }))).toEqual(idsOf(plain));
  });

  it('requires every word, matching the name or the brand', async () => {
    expect(namesOf(await searchText({ searchQuery: 'feijao camil' }))).toEqual(['Feijão Preto Camil 1kg']);
    // 'Pedigree' is in the brand of both Pedigree products.
    expect((await searchText({ searchQuery: 'pedigree' })).data).toHaveLength(2);
    expect((await searchText({ searchQuery: 'feijao abacaxi' })).data).toEqual([]);
  });

  it('finds a plural and skips filler words: "bananas" and "pão de queijo"', async () => {
    expect(namesOf(await searchText({ searchQuery: 'bananas' }))).toEqual(['Banana Prata aprox. 1kg']);
    expect(namesOf(await searchText({ searchQuery: 'pão de queijo' }))).toContain(
      'Pão de Queijo Congelado Forno de Minas 400g',
    );
  });

  it('answers the whole catalogue for empty text, and pages it with tokens', async () => {
    const { ids, last } = await followTokens((pageToken) =>
      searchText({ searchQuery: '', perPage: 25, pageToken }),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(80);
    expect(last.token).toBe('');
  });

  it.each([
    ['an emoji', '😀'],
    ['another emoji', '🍕'],
    ['punctuation only', '!!!'],
    ['symbols and an emoji', ' #%_* 😀 '],
    ['accents with no letter', '\u0301\u0303 ´ ` ^'],
  ])('finds nothing, rather than everything, for text with nothing to search: %s', async (_what, text) => {
    const page = await searchText({ searchQuery: text });
    expect(page.data).toEqual([]);
    expect(page.hasMore).toBe(false);
    // Within a category and a collection too.
    expect((await search({ category: '1', searchQuery: text })).data).toEqual([]);
    expect((await collection('9002', `searchQuery=${encodeURIComponent(text)}`)).data).toEqual([]);
  });

  it('finds by the letters around an emoji, and spaces only are no text filter', async () => {
    expect(namesOf(await searchText({ searchQuery: '☕ café pilão ☕' }))).toEqual([
      'Café Torrado e Moído Pilão 500g',
    ]);
    // 'café' typed with a combining accent, in mixed case, is the same word.
    expect(namesOf(await searchText({ searchQuery: 'CafE\u0301 PiLÃO' }))).toEqual([
      'Café Torrado e Moído Pilão 500g',
    ]);
    const blank = await searchText({ searchQuery: '   ', perPage: 5 });
    expect(idsOf(blank)).toEqual(idsOf(await searchText({ searchQuery: '', perPage: 5 })));
    expect(blank.data).toHaveLength(5);
  });

  it('answers the longest text it takes (200 characters) with nothing found, and no error', async () => {
    expect((await searchText({ searchQuery: 'arroz '.repeat(33).slice(0, 200) })).data).not.toEqual([]);
    expect((await searchText({ searchQuery: 'x'.repeat(200) })).data).toEqual([]);
    expect((await searchText({ searchQuery: '😀'.repeat(100) })).data).toEqual([]);
  });

  it('combines text with filters', async () => {
    const page = await searchText({
      searchQuery: 'cerveja',
      filters: [{ key: 'brand', value: 'Heineken' }],
    });
    expect(namesOf(page)).toEqual(['Cerveja Heineken Long Neck 330ml']);
  });

  it('never finds an inactive product', async () => {
    expect((await searchText({ searchQuery: 'borges' })).data).toEqual([]);
    expect((await searchText({ searchQuery: 'caqui' })).data).toEqual([]);
  });

  it.each([
    ['an unknown field', { searchQuery: 'arroz', category: '1' }],
    ['text too long', { searchQuery: 'a'.repeat(201) }],
    ['a malformed token', { searchQuery: 'arroz', pageToken: '%%%' }],
    ['a filter list that is not a list', { filters: { key: 'brand' } }],
  ])('refuses %s with 400', async (_what, body) => {
    expectRefusal(await sandbox.post('/api/catalog/products/searchText', body, asShopper), 400);
  });

  it('refuses a token issued for other text with 400', async () => {
    const page = await searchText({ searchQuery: 'a', perPage: 2 });
    expect(page.hasMore).toBe(true);
    const error = expectRefusal(
      await sandbox.post(
        '/api/catalog/products/searchText',
        { searchQuery: 'o', perPage: 2, pageToken: page.token },
        asShopper,
      ),
      400,
    );
    expect(error.message).toBe(INVALID_TOKEN);
  });
});

describe('GET /api/catalog/products/collections/{id}', () => {
  it('lists a collection in its order, leaving its inactive product out', async () => {
    const stored = sandbox.db
      .prepare<[], { product_id: string }>(
        "SELECT product_id FROM collection_products WHERE collection_id = '9001' ORDER BY position",
      )
      .all()
      .map((r) => r.product_id);
    expect(stored).toContain('1019');
    const { ids } = await followTokens((pageToken) =>
      collection('9001', `perPage=4&pageToken=${encodeURIComponent(pageToken)}`),
    );
    expect(ids).toEqual(stored.filter((id) => id !== '1019'));
  });

  it('accepts the id with the COLLECTION_ prefix of the category list', async () => {
    expect(idsOf(await collection('COLLECTION_9002'))).toEqual(idsOf(await collection('9002')));
  });

  it('searches within the collection', async () => {
    const page = await collection('9002', 'searchQuery=pao');
    expect(namesOf(page).length).toBeGreaterThan(0);
    for (const name of namesOf(page)) expect(name).toMatch(/Pão/);
  });

  it('answers 404 with a Portuguese message for an unknown collection', async () => {
    const error = expectRefusal(await sandbox.get('/api/catalog/products/collections/4242', asShopper), 404);
    expect(error.message).toBe('Coleção não encontrada.');
  });

  it.each(['perPage=0', 'pageNumber=-1', 'pageToken=abc', 'category=1'])(
    'refuses %s with 400',
    async (query) => {
      expectRefusal(await sandbox.get(`/api/catalog/products/collections/9001?${query}`, asShopper), 400);
    },
  );

  it('refuses the token of another collection with 400', async () => {
    const page = await collection('9001', 'perPage=2');
    const answer = await sandbox.get(
      `/api/catalog/products/collections/9002?perPage=2&pageToken=${encodeURIComponent(page.token ?? '')}`,
      asShopper,
    );
    expect(expectRefusal(answer, 400).message).toBe(INVALID_TOKEN);
  });
});
