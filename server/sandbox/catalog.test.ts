import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectData, expectPortuguese, expectRefusal } from './testing/answers.ts';
import { startTestSandbox, type TestSandbox } from './testing/http-harness.ts';

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
  it('answers at least 8 pt-BR categories, each with subcategories', async () => {
    const categories = expectData(
      'listCategories',
      await sandbox.get('/api/catalog/categories?perPage=50', asShopper),
    );
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
    const ids = categories.flatMap((c) => [c.providerId, ...(c.children ?? []).map((s) => s.providerId)]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('defaults to 50 per page and honours a smaller perPage', async () => {
    const all = expectData('listCategories', await sandbox.get('/api/catalog/categories', asShopper));
    const two = expectData(
      'listCategories',
      await sandbox.get('/api/catalog/categories?perPage=2', asShopper),
    );
    expect(two).toEqual(all.slice(0, 2));
  });
});

describe('GET /api/catalog/top', () => {
  it('answers a page of pt-BR products with every product field the contract knows', async () => {
    const page = await topPage('pageNumber=0&perPage=10&pageToken=');
    expect(page).toMatchObject({ page: 0, perPage: 10, hasMore: true });
    expect(page.data).toHaveLength(10);
    for (const product of page.data ?? []) {
      expect(product.images?.[0]?.url).toMatch(/^\/api\/sandbox\/media\/produto-\d+\.svg$/);
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

  it('refuses a garbage perPage on categories with 400 naming the parameter', async () => {
    const error = expectRefusal(await sandbox.get('/api/catalog/categories?perPage=muitos', asShopper), 400);
    expect(error.message).toContain('perPage');
  });
});
