import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_PREFIX, isCollectionId } from '../contract.ts';
import { expectData, expectPortuguese, expectRefusal } from '../testing/answers.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const asShopper = { session: 'demo-shopper' };

async function topPage(query: string) {
  return expectData('listTopProducts', await sandbox.get(`/api/catalog/top?${query}`, asShopper));
}

describe('GET /api/catalog/categories', () => {
  it('answers at least 8 pt-BR categories, each with subcategories, then the shown collections', async () => {
    const list = expectData(
      'listCategories',
      await sandbox.get('/api/catalog/categories?perPage=50', asShopper),
    );
    const categories = list.filter((c) => !isCollectionId(c.providerId));
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(categories.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'Mercearia',
        'Bebidas',
        'Hortifrúti',
        'Padaria',
        'Laticínios',
        'Limpeza',
        'Higiene',
      ]),
    );
    for (const category of categories) {
      expect(category.children?.length, category.name).toBeGreaterThan(0);
      expect(category.shopId).toBeTruthy();
    }
    const ids = list.flatMap((c) => [c.providerId, ...(c.children ?? []).map((s) => s.providerId)]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('appends the collections of settings.showCollections as COLLECTION_<id> categories without children', async () => {
    const list = expectData('listCategories', await sandbox.get('/api/catalog/categories', asShopper));
    const settings = expectData('getShopSettings', await sandbox.get('/api/shop/settings', asShopper));
    const collections = list.filter((c) => isCollectionId(c.providerId));
    expect(collections).toEqual(
      (settings.showCollections ?? []).map((c) =>
        expect.objectContaining({
          providerId: `${COLLECTION_PREFIX}${c.providerId}`,
          name: c.name,
          children: [],
        }),
      ),
    );
    expect(collections.map((c) => c.name)).toEqual(['Ofertas da Semana', 'Café da Manhã']);
    // Collections come after every category.
    expect(list.slice(-collections.length)).toEqual(collections);
  });

  it('defaults to 50 per page and honours a smaller perPage', async () => {
    const all = expectData('listCategories', await sandbox.get('/api/catalog/categories', asShopper));
    const two = expectData(
      'listCategories',
      await sandbox.get('/api/catalog/categories?perPage=2', asShopper),
    );
    expect(two).toEqual(all.slice(0, 2));
  });

  it('refuses a call without a session with 401', async () => {
    expectRefusal(await sandbox.get('/api/catalog/categories'), 401);
  });
});

describe("a shop selling another shop's catalogue", () => {
  it("answers the catalogue shop's categories and products to its sessions", async () => {
    // A scenario shop with its own settings but the seeded shop's catalogue.
    sandbox.db
      .prepare(
        `INSERT INTO shops (id, name, settings, rules, catalog_shop_id)
         SELECT 'loja-cenario', 'Loja Cenário', settings, rules, id FROM shops WHERE id = 'emporio-bom-preco'`,
      )
      .run();
    sandbox.db
      .prepare(
        `INSERT INTO sessions (code, shop_id, session_type, channel_type, channel_id, created_at)
         VALUES ('cenario-visitante', 'loja-cenario', 0, 2, 'webchat-cenario', '2025-01-01T00:00:00.000Z')`,
      )
      .run();
    const asScenario = { session: 'cenario-visitante' };
    const ours = expectData('listCategories', await sandbox.get('/api/catalog/categories', asShopper));
    const theirs = expectData('listCategories', await sandbox.get('/api/catalog/categories', asScenario));
    expect(theirs).toEqual(ours);
    const product = expectData('getProduct', await sandbox.get('/api/catalog/products/1001', asScenario));
    expect(product.name).toBe('Arroz Branco Tipo 1 Camil 5kg');
    const top = expectData('listTopProducts', await sandbox.get('/api/catalog/top', asScenario));
    expect(top.data?.length).toBe(10);
  });
});

describe('GET /api/catalog/top', () => {
  it('answers a page of pt-BR products with every product field the contract knows', async () => {
    const page = await topPage('pageNumber=0&perPage=10&pageToken=');
    expect(page).toMatchObject({ page: 0, perPage: 10, hasMore: true });
    expect(page.data).toHaveLength(10);
    for (const product of page.data ?? []) {
      expect(product.images?.[0]?.url).toMatch(/^\/api\/sandbox\/media\/produto-\d+-[0-9a-f]{8}-600w\.webp$/);
      expect(product.brand?.name).toBeTruthy();
      expect(product.isActive).toBe(true);
      // Money in reais with at most two decimals.
      expect(Math.round((product.price ?? 0) * 100)).toBeCloseTo((product.price ?? 0) * 100, 6);
    }
    expect(page.data?.some((p) => /[áéíóúâêôãõç]/i.test(p.name))).toBe(true);
    expect(page.data?.some((p) => (p.listPrice ?? 0) > (p.price ?? 0))).toBe(true);
    expect(page.data?.some((p) => (p.promotionalPrice ?? 0) > 0)).toBe(true);
  });

  it('pages by rank stably: the same page twice is identical and pages never overlap', async () => {
    const first = await topPage('pageNumber=0&perPage=7');
    expect(await topPage('pageNumber=0&perPage=7')).toEqual(first);
    const second = await topPage('pageNumber=1&perPage=7');
    const firstIds = (first.data ?? []).map((p) => p.providerId);
    const secondIds = (second.data ?? []).map((p) => p.providerId);
    expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);
    const both = await topPage('pageNumber=0&perPage=14');
    expect((both.data ?? []).map((p) => p.providerId)).toEqual([...firstIds, ...secondIds]);
  });

  it('follows page tokens to the same sequence as page numbers, and hasMore ends with an empty token', async () => {
    const byNumber: string[] = [];
    for (let page = 0; ; page++) {
      const result = await topPage(`pageNumber=${page}&perPage=4`);
      byNumber.push(...(result.data ?? []).map((p) => p.providerId));
      if (!result.hasMore) break;
      expect(page).toBeLessThan(50);
    }
    const byToken: string[] = [];
    let token = '';
    for (let page = 0; ; page++) {
      const result = await topPage(`pageNumber=${page}&perPage=4&pageToken=${encodeURIComponent(token)}`);
      byToken.push(...(result.data ?? []).map((p) => p.providerId));
      if (!result.hasMore) {
        expect(result.token).toBe('');
        break;
      }
      expect(result.token).toBeTruthy();
      token = result.token ?? '';
    }
    expect(byToken).toEqual(byNumber);
    expect(new Set(byNumber).size).toBe(byNumber.length);
    expect(byNumber.length).toBeGreaterThanOrEqual(20);
  });

  it('lists only active top sellers, best rank first', async () => {
    const page = await topPage('perPage=100');
    expect(page.data?.every((p) => p.isActive)).toBe(true);
    expect(page.data?.[0]?.providerId).toBe('1001');
  });

  it('refuses a page token of another list with 400', async () => {
    const search = expectData(
      'searchProducts',
      await sandbox.post('/api/catalog/products/search', { category: '1', perPage: 2 }, asShopper),
    );
    expect(search.token).toBeTruthy();
    const error = expectRefusal(
      await sandbox.get(`/api/catalog/top?pageToken=${encodeURIComponent(search.token ?? '')}`, asShopper),
      400,
    );
    expect(error.message).toBe('O parâmetro pageToken é inválido: recomece da primeira página.');
  });

  it('answers an empty last page past the end', async () => {
    const page = await topPage('pageNumber=500&perPage=10');
    expect(page).toMatchObject({ data: [], hasMore: false, token: '' });
  });

  it.each([
    ['perPage=abc'],
    ['perPage=0'],
    ['perPage=101'],
    ['perPage=1.5'],
    ['perPage=-1'],
    ['perPage='],
    ['perPage=1e1'],
    ['perPage=10&perPage=20'],
    ['pageNumber=-1'],
    ['pageNumber=abc'],
    [`pageToken=${'x'.repeat(5000)}`],
    ['pageToken=not-a-token-of-ours'],
    ['naoExiste=1'],
  ])('refuses %s with 400 and a Portuguese message', async (query) => {
    const error = expectRefusal(await sandbox.get(`/api/catalog/top?${query}`, asShopper), 400);
    expectPortuguese(error.message);
  });

  it('names an unknown parameter without echoing a huge one back', async () => {
    const answer = await sandbox.get(`/api/catalog/top?${'k'.repeat(3000)}=1`, asShopper);
    const error = expectRefusal(answer, 400);
    expect(error.message.length).toBeLessThan(120);
  });

  it('refuses a garbage perPage on categories with 400 naming the parameter in Portuguese', async () => {
    const error = expectRefusal(await sandbox.get('/api/catalog/categories?perPage=muitos', asShopper), 400);
    expect(error.message).toBe('Itens por página: informe um número inteiro entre 1 e 100.');
  });
});
