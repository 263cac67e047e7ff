import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecurrenceType } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { findOrderableProduct } from './orderable-product.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const asShopper = { session: 'demo-shopper' };
const SHOP = 'emporio-bom-preco';

// The SPA builds the path with encodeURIComponent ('&' → %26, '=' → %3D).
const product = async (id: string) =>
  expectData('getProduct', await sandbox.get(`/api/catalog/products/${encodeURIComponent(id)}`, asShopper));
const byIds = async (ids: string) =>
  expectData(
    'getProductsByIds',
    await sandbox.get(`/api/catalog/products/byids/${encodeURIComponent(ids)}`, asShopper),
  );

describe('GET /api/catalog/products/{id}', () => {
  it('answers a product with every field, prices in reais', async () => {
    const coffee = await product('1008');
    expect(coffee).toMatchObject({
      providerId: '1008',
      name: 'Café Torrado e Moído Pilão 500g',
      price: 18.9,
      promotionalPrice: 16.49,
      isActive: true,
      hasVariants: false,
      sellerName: 'Empório Bom Preço',
      brand: { name: 'Pilão' },
    });
    expect(coffee.description).toContain('<strong>');
    // Its pictures, in gallery order, each in a file that names its version and width.
    expect(coffee.images?.map((i) => i.url)).toEqual([
      expect.stringMatching(/^\/api\/sandbox\/media\/produto-1008-[0-9a-f]{8}-600w\.webp$/),
      expect.stringMatching(/^\/api\/sandbox\/media\/produto-1008-2-[0-9a-f]{8}-600w\.webp$/),
    ]);
    expect(coffee.subscriptionOffers).toEqual([
      { recurrence: { type: RecurrenceType.Monthly, frequency: 1 } },
      { recurrence: { type: RecurrenceType.Weekly, frequency: 2 } },
    ]);
    expect(coffee.specification?.length).toBeGreaterThan(0);
  });

  it('answers a product with variants: attributes, dimensions with skus, prices, pictures and stock', async () => {
    const shirt = await product('11103');
    expect(shirt).toMatchObject({
      hasVariants: true,
      currentDimension: null,
      minPrice: 39.9,
      maxPrice: 44.9,
    });
    expect(shirt.attributes?.map((a) => a.name)).toEqual(['Cor', 'Tamanho']);
    expect(shirt.dimensions).toHaveLength(12);
    const blackSmall = shirt.dimensions?.find(
      (d) => d.attributes.cor === 'preta' && d.attributes.tamanho === 'p',
    );
    expect(blackSmall?.isAvailable).toBe(false);
    const whiteXl = shirt.dimensions?.find(
      (d) => d.attributes.cor === 'branca' && d.attributes.tamanho === 'gg',
    );
    expect(whiteXl).toMatchObject({ priceDefault: 44.9, isAvailable: true });
    // The white shirt's own picture.
    expect(whiteXl?.image?.url).toMatch(
      /^\/api\/sandbox\/media\/produto-11103-branca-[0-9a-f]{8}-600w\.webp$/,
    );
    expect(shirt.variantImagesSrc?.length).toBe(3);
    // Every dimension picture is one the media route serves.
    for (const url of shirt.variantImagesSrc ?? []) expect((await sandbox.get(url)).status).toBe(200);
  });

  it("answers '<id>&<sku>' with that dimension current, its sku and its price", async () => {
    const shirt = await product('11103');
    const gg = shirt.dimensions?.find((d) => d.attributes.cor === 'verde' && d.attributes.tamanho === 'g');
    const chosen = await product(`11103&${gg?.sku}`);
    expect(chosen).toMatchObject({
      providerId: `11103&${gg?.sku}`,
      sku: gg?.sku,
      price: 39.9,
      currentDimension: { sku: gg?.sku, attributes: { cor: 'verde', tamanho: 'g' } },
    });
    // The raw '&' in the path works too.
    const raw = expectData(
      'getProduct',
      await sandbox.get(`/api/catalog/products/11103&${gg?.sku}`, asShopper),
    );
    expect(raw.providerId).toBe(chosen.providerId);
  });

  it("answers a redirectable option's variant id with the product that option stands for", async () => {
    const grape = await product('2011');
    const flavour = grape.attributes?.[0];
    expect(flavour?.name).toBe('Sabor');
    expect(flavour?.options?.every((o) => o.redirectable)).toBe(true);
    // The product on screen is its attribute's first option (the page starts on the first option).
    expect(flavour?.options?.[0]?.providerId).toBe('uva');
    const peach = await product('2011Variant=pessego');
    expect(peach).toMatchObject({ providerId: '2012', name: 'Néctar Del Valle Pêssego 1L' });
    expect(peach.attributes?.[0]?.options?.[0]?.providerId).toBe('pessego');
    expect((await product('2012Variant=uva')).providerId).toBe('2011');
  });

  it("answers a dimension option's variant id with a dimension having that option current", async () => {
    const pasta = await product('1014Variant=penne-rigate');
    expect(pasta.currentDimension?.attributes).toEqual({ formato: 'penne-rigate' });
    expect(pasta.providerId).toBe(`1014&${pasta.currentDimension?.sku}`);
    // From a chosen dimension, another colour keeps the size already chosen.
    const whiteM = (await product('11103')).dimensions?.find(
      (d) => d.attributes.cor === 'branca' && d.attributes.tamanho === 'm',
    );
    const greenM = await product(`11103&${whiteM?.sku}Variant=verde`);
    expect(greenM.currentDimension?.attributes).toEqual({ cor: 'verde', tamanho: 'm' });
  });

  it('answers an inactive product by id, with isActive false', async () => {
    expect(await product('1019')).toMatchObject({ providerId: '1019', isActive: false });
  });

  it.each([
    ['an unknown product', '999999'],
    ["a sku that is not the product's", '11103&1110599'],
    ['a sku of another product', `11103&${'101401'}`],
    ['an option the product does not have', '2011Variant=abacaxi'],
    ['an empty variant option', '1014Variant='],
    ['two skus', '11103&1110301&1110302'],
    ['a variant id without a product', 'Variant=uva'],
  ])('answers %s with 404 and a Portuguese message', async (_what, id) => {
    const error = expectRefusal(
      await sandbox.get(`/api/catalog/products/${encodeURIComponent(id)}`, asShopper),
      404,
    );
    expect(error.message).toBe('Produto não encontrado.');
  });

  it('refuses an id longer than 200 characters with 400', async () => {
    expectRefusal(await sandbox.get(`/api/catalog/products/${'1'.repeat(201)}`, asShopper), 400);
  });
});

describe('GET /api/catalog/products/byids/{ids}', () => {
  it('answers the products in the order asked, skipping unknown ids and repeats', async () => {
    const products = await byIds('2001,424242,1001,2001,1001&1001,3001');
    expect(products.map((p) => p.providerId)).toEqual(['2001', '1001', '3001']);
  });

  it("answers '&' ids, variant ids and inactive products too", async () => {
    const products = await byIds('11103&1110302,2011Variant=manga,1019');
    expect(products.map((p) => [p.providerId, p.isActive])).toEqual([
      ['11103&1110302', true],
      ['2013', true],
      ['1019', false],
    ]);
  });

  it('answers an empty list when no id is known', async () => {
    expect(await byIds('999998,999999')).toEqual([]);
  });

  it('refuses more than 50 ids with 400', async () => {
    const ids = Array.from({ length: 51 }, (_, n) => String(1000 + n)).join(',');
    expectRefusal(await sandbox.get(`/api/catalog/products/byids/${ids}`, asShopper), 400);
  });

  it('refuses a list without any id with 400', async () => {
    expectRefusal(
      await sandbox.get(`/api/catalog/products/byids/${encodeURIComponent(',,')}`, asShopper),
      400,
    );
  });
});

describe('the orderable product the order module reads', () => {
  it("resolves '&' ids to the stored product with the chosen dimension", () => {
    const shirt = findOrderableProduct(sandbox.db, SHOP, '11103&1110304');
    expect(shirt).toMatchObject({
      id: '11103',
      providerId: '11103&1110304',
      catalogProviderId: '11103&1110304',
      hasVariants: true,
      selectedSku: '1110304',
      selectedDimension: { sku: '1110304', priceCents: 4490, isAvailable: true },
      sellerId: null,
      sellerName: 'Empório Bom Preço',
    });
    expect(shirt?.dimensions).toHaveLength(12);
    expect(shirt?.attributes.map((a) => a.providerId)).toEqual(['cor', 'tamanho']);
  });

  it('resolves a redirecting variant id to the product the option stands for', () => {
    expect(findOrderableProduct(sandbox.db, SHOP, '2011Variant=manga')).toMatchObject({
      id: '2013',
      providerId: '2011Variant=manga',
      catalogProviderId: '2013',
      selectedSku: null,
      priceCents: 849,
    });
  });

  it('gives partner products their seller and subscription offers', () => {
    const food = findOrderableProduct(sandbox.db, SHOP, '10101');
    expect(food).toMatchObject({
      sellerId: 'pet-center-vila-mariana',
      sellerName: 'Pet Center Vila Mariana',
    });
    expect(food?.subscriptionOffers).toEqual([
      { recurrence: { type: RecurrenceType.Monthly, frequency: 1 } },
    ]);
  });

  it('keeps the seeded cart products at their prices and finds inactive ones', () => {
    expect(findOrderableProduct(sandbox.db, SHOP, '1001')).toMatchObject({ priceCents: 2790, sku: '1001' });
    expect(findOrderableProduct(sandbox.db, SHOP, '1008')).toMatchObject({
      priceCents: 1890,
      promotionalPriceCents: 1649,
    });
    expect(findOrderableProduct(sandbox.db, SHOP, '1019')?.isActive).toBe(false);
    expect(findOrderableProduct(sandbox.db, SHOP, '9101')?.hasShippingRestriction).toBe(true);
    expect(findOrderableProduct(sandbox.db, SHOP, '2008')?.isRestrictedSale).toBe(true);
  });

  it('finds nothing for an unknown id or another shop', () => {
    expect(findOrderableProduct(sandbox.db, SHOP, '999999')).toBeUndefined();
    expect(findOrderableProduct(sandbox.db, SHOP, '11103&999')).toBeUndefined();
    expect(findOrderableProduct(sandbox.db, 'outra-loja', '1001')).toBeUndefined();
  });
});
