import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogFilter, Facet, PagedProductResult } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const asShopper = { session: 'demo-shopper' };

const facetsOf = async (searchQuery: string) =>
  expectData(
    'getProductFacets',
    await sandbox.get(
      `/api/catalog/products/facets?searchQuery=${encodeURIComponent(searchQuery)}`,
      asShopper,
    ),
  );
const facet = (facets: Facet[], key: string) => {
  const found = facets.find((f) => f.key === key);
  if (!found) throw new Error(`no facet ${key}`);
  return found;
};

/** How many products a search answers over all its pages. */
async function countAll(path: string, body: Record<string, unknown>): Promise<number> {
  let count = 0;
  let pageToken = '';
  for (let page = 0; page < 50; page++) {
    const answer = await sandbox.post(path, { ...body, perPage: 100, pageToken }, asShopper);
    const result: PagedProductResult = expectData('searchProducts', answer);
    count += result.data?.length ?? 0;
    if (!result.hasMore) return count;
    pageToken = result.token ?? '';
  }
  throw new Error('never ended');
}

const searchCount = (category: string, filters: CatalogFilter[] = []) =>
  countAll('/api/catalog/products/search', { category, filters });
const textCount = (searchQuery: string, filters: CatalogFilter[] = []) =>
  countAll('/api/catalog/products/searchText', { searchQuery, filters });

describe('GET /api/catalog/products/facets', () => {
  it('answers brand, category and price facets for a category, each brand count matching its search', async () => {
    const facets = await facetsOf('1');
    expect(facets.map((f) => f.key)).toEqual(['category', 'subcategory', 'brand', 'price']);
    const brand = facet(facets, 'brand');
    expect(brand.name).toBe('Marca');
    const total = await searchCount('1');
    expect((brand.values ?? []).reduce((sum, v) => sum + (v.quantity ?? 0), 0)).toBe(total);
    for (const value of brand.values ?? []) {
      expect(await searchCount('1', [{ key: 'brand', value: value.value ?? '' }]), value.name ?? '').toBe(
        value.quantity,
      );
    }
  });

  it('hides the category facets once a category is chosen', async () => {
    const facets = await facetsOf('1');
    expect(facet(facets, 'category').hidden).toBe(true);
    expect(facet(facets, 'subcategory').hidden).toBe(true);
    expect(facet(facets, 'brand').hidden).toBe(false);
    const top = await facetsOf('');
    expect(facet(top, 'category').hidden).toBe(false);
  });

  it('counts subcategories within "category,subcategory"', async () => {
    const facets = await facetsOf('1,103');
    const subcategories = facet(facets, 'subcategory').values ?? [];
    expect(subcategories.map((v) => v.value)).toEqual(['103']);
    expect(subcategories[0]?.quantity).toBe(await searchCount('1,103'));
  });

  it('answers the price facet as one range from the lowest to the highest price', async () => {
    const price = facet(await facetsOf('10'), 'price');
    expect(price.name).toBe('Preço');
    expect(price.values).toHaveLength(1);
    const range = price.values?.[0]?.range;
    // Pet Shop: from the sachê at 3,49 to the 10,1 kg bag of dog food at 149,90.
    expect(range).toEqual({ from: 3.49, to: 149.9 });
    expect(price.values?.[0]?.quantity).toBe(await searchCount('10'));
    // The full range filters nothing out; a narrower one fewer.
    expect(await searchCount('10', [{ key: 'price', range: { from: 3.49, to: 149.9 } }])).toBe(
      await searchCount('10'),
    );
    expect(await searchCount('10', [{ key: 'price', range: { from: 3.49, to: 20 } }])).toBeLessThan(
      await searchCount('10'),
    );
  });

  it('treats text as a search: accent-insensitive, counts matching the text search', async () => {
    const facets = await facetsOf('açucar');
    const categories = facet(facets, 'category').values ?? [];
    const total = await textCount('acucar');
    expect(total).toBeGreaterThanOrEqual(2);
    expect(categories.reduce((sum, v) => sum + (v.quantity ?? 0), 0)).toBe(total);
    expect(facet(facets, 'category').hidden).toBe(false);
    for (const value of facet(facets, 'brand').values ?? []) {
      expect(await textCount('acucar', [{ key: 'brand', value: value.value ?? '' }])).toBe(value.quantity);
    }
  });

  it("answers a collection's facets for COLLECTION_<id>, without its inactive product", async () => {
    const price = facet(await facetsOf('COLLECTION_9001'), 'price');
    expect(price.values?.[0]?.quantity).toBe(await searchCount('COLLECTION_9001'));
    const brands = facet(await facetsOf('COLLECTION_9001'), 'brand').values ?? [];
    expect(brands.map((b) => b.value)).not.toContain('Borges');
  });

  it('counts only active products', async () => {
    const brands = facet(await facetsOf(''), 'brand').values ?? [];
    expect(brands.map((b) => b.value)).not.toContain('Nadir');
    const active = sandbox.db.prepare('SELECT COUNT(*) AS n FROM products WHERE is_active = 1').get() as {
      n: number;
    };
    expect(facet(await facetsOf(''), 'price').values?.[0]?.quantity).toBe(active.n);
  });

  it.each(['xyzzy', '😀', '!!!'])('answers empty values when nothing matches the text %s', async (text) => {
    const facets = await facetsOf(text);
    for (const f of facets) expect(f.values).toEqual([]);
  });

  it.each([
    ['an unknown collection', 'COLLECTION_4242', 404],
    ['a subcategory of another category', '1,201', 404],
  ])('answers %s with a refusal', async (_what, query, status) => {
    expectRefusal(
      await sandbox.get(`/api/catalog/products/facets?searchQuery=${encodeURIComponent(query)}`, asShopper),
      status,
    );
  });

  it.each(['category=1', `searchQuery=${'a'.repeat(201)}`, 'searchQuery=a&searchQuery=b'])(
    'refuses %s with 400',
    async (query) => {
      expectRefusal(await sandbox.get(`/api/catalog/products/facets?${query}`, asShopper), 400);
    },
  );
});
