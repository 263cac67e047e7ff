// The seeded catalogue: a believable Brazilian shop with every kind of product the screens show.
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecurrenceType } from '../contract.ts';
import { expectData } from '../testing/answers.ts';
import { SEEDED_CATEGORIES } from './categories.ts';
import {
  GIFT_CANDIDATE_PRODUCT_IDS,
  SEEDED_COLLECTION_PRODUCTS,
  SEEDED_PRODUCTS,
  SEEDED_REDIRECT_FAMILIES,
} from './products.ts';
import { seedPriceRange } from './seed-catalog.ts';
import { SEEDED_COLLECTIONS } from './shop.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const asShopper = { session: 'demo-shopper' };

async function allProducts() {
  const ids = SEEDED_PRODUCTS.map((p) => p.id);
  const products = [];
  for (let start = 0; start < ids.length; start += 50) {
    const batch = ids.slice(start, start + 50).join(',');
    products.push(
      ...expectData('getProductsByIds', await sandbox.get(`/api/catalog/products/byids/${batch}`, asShopper)),
    );
  }
  return products;
}

describe('the seeded catalogue', () => {
  it('holds at least 80 products in at least 8 categories, each with subcategories', () => {
    expect(SEEDED_PRODUCTS.length).toBeGreaterThanOrEqual(80);
    expect(SEEDED_CATEGORIES.length).toBeGreaterThanOrEqual(8);
    for (const c of SEEDED_CATEGORIES) expect(c.children.length, c.name).toBeGreaterThan(0);
    for (const c of SEEDED_CATEGORIES) {
      for (const sub of c.children) {
        const inSub = SEEDED_PRODUCTS.filter((p) => p.subcategory === sub.id);
        expect(inSub.length, sub.name).toBeGreaterThan(0);
        for (const p of inSub) expect(p.category, p.name).toBe(c.id);
      }
    }
  });

  it('keeps the seeded cart products and their prices (the cart totals depend on them)', () => {
    const rice = SEEDED_PRODUCTS.find((p) => p.id === '1001');
    const coffee = SEEDED_PRODUCTS.find((p) => p.id === '1008');
    expect(rice).toMatchObject({ price: 2790 });
    expect(rice?.promo).toBeUndefined();
    expect(coffee).toMatchObject({ price: 1890, promo: 1649 });
  });

  it('uses unique ids and skus that never look like a product id', () => {
    const ids = SEEDED_PRODUCTS.map((p) => p.id);
    const skus = SEEDED_PRODUCTS.flatMap((p) => (p.variants?.dimensions ?? []).map((d) => d.sku));
    expect(new Set([...ids, ...skus]).size).toBe(ids.length + skus.length);
    for (const id of ids) expect(id).toMatch(/^\d{4,5}$/);
  });

  it('prices consistently: kilo prices, variant ranges, promotions below the price, lists above', () => {
    for (const p of SEEDED_PRODUCTS) {
      if (p.kilo) expect(p.price, p.name).toBe(Math.round(p.kilo.amount * p.kilo.pricePerKilo));
      if (p.variants) expect(p.price, p.name).toBe(seedPriceRange(p).min);
      if (p.promo !== undefined) expect(p.promo, p.name).toBeLessThan(p.price);
      if (p.list !== undefined) expect(p.list, p.name).toBeGreaterThan(p.price);
      for (const d of p.variants?.dimensions ?? []) {
        for (const a of p.variants?.attributes ?? []) {
          expect(
            a.options.map((o) => o.id),
            p.name,
          ).toContain(d.options[a.id]);
        }
      }
    }
  });

  it('fills collections with seeded products only', () => {
    const ids = new Set(SEEDED_PRODUCTS.map((p) => p.id));
    expect(SEEDED_COLLECTIONS.map((c) => c.id)).toEqual(['9001', '9002']);
    for (const c of SEEDED_COLLECTIONS) {
      const members = SEEDED_COLLECTION_PRODUCTS[c.id] ?? [];
      expect(members.length, c.name).toBeGreaterThan(5);
      for (const id of members) expect(ids.has(id), id).toBe(true);
    }
  });

  it('offers gift candidates that are cheap, active and sold by the shop', () => {
    for (const id of GIFT_CANDIDATE_PRODUCT_IDS) {
      const p = SEEDED_PRODUCTS.find((x) => x.id === id);
      expect(p, id).toBeDefined();
      expect(p?.inactive, id).toBeFalsy();
      expect(p?.seller, id).toBeUndefined();
      expect(p?.variants, id).toBeUndefined();
      expect(p?.price ?? Number.POSITIVE_INFINITY, id).toBeLessThan(1000);
    }
  });

  it('answers every kind of product the screens show, over HTTP', async () => {
    const products = await allProducts();
    expect(products).toHaveLength(SEEDED_PRODUCTS.length);
    const some = (what: string, test: (p: (typeof products)[number]) => boolean) =>
      expect(products.filter(test).length, what).toBeGreaterThan(0);

    some(
      'variants with a price range',
      (p) => p.hasVariants === true && (p.maxPrice ?? 0) > (p.minPrice ?? 0),
    );
    some('an unavailable combination', (p) => (p.dimensions ?? []).some((d) => d.isAvailable === false));
    some('two attributes', (p) => (p.attributes?.length ?? 0) >= 2 && (p.dimensions?.length ?? 0) > 0);
    some('a redirectable option', (p) =>
      (p.attributes ?? []).some((a) => a.options?.some((o) => o.redirectable)),
    );
    some(
      'sold by the kilo',
      (p) => p.soldInKilo === true && (p.amountInKilo ?? 0) > 0 && (p.kilogramPrice ?? 0) > 0,
    );
    some('restricted sale', (p) => p.isRestrictedSale === true);
    some(
      'shipping restriction with a message',
      (p) => p.hasShippingRestriction === true && !!p.shippingRestrictionMessage,
    );
    some('inactive', (p) => p.isActive === false);
    some('weekly subscription', (p) =>
      (p.subscriptionOffers ?? []).some((o) => o.recurrence.type === RecurrenceType.Weekly),
    );
    some('monthly subscription', (p) =>
      (p.subscriptionOffers ?? []).some((o) => o.recurrence.type === RecurrenceType.Monthly),
    );
    some('a partner seller', (p) => !!p.sellerName && p.sellerName !== 'Empório Bom Preço');
    some('HTML description', (p) => /<p>|<strong>/.test(p.description ?? ''));
    some('several pictures', (p) => (p.images?.length ?? 0) >= 3);
    some('specifications', (p) => (p.specification?.length ?? 0) > 0);
    some('cluster highlights', (p) => (p.clusterHighlights?.length ?? 0) > 0);
    some('offer description', (p) => !!p.offerDescription);
    some('list price above the price', (p) => (p.listPrice ?? 0) > (p.price ?? 0));
    some('promotional price below the price', (p) => (p.promotionalPrice ?? Infinity) < (p.price ?? 0));
    some('a gas cylinder', (p) => p.name.startsWith('Botijão de Gás') && p.hasShippingRestriction === true);
  });

  it('makes each redirect family a set of active products showing the same attribute', async () => {
    for (const family of SEEDED_REDIRECT_FAMILIES) {
      const ids = family.members.map((m) => m.productId).join(',');
      const members = expectData(
        'getProductsByIds',
        await sandbox.get(`/api/catalog/products/byids/${ids}`, asShopper),
      );
      expect(members).toHaveLength(family.members.length);
      for (const p of members) {
        expect(p.isActive).toBe(true);
        expect(p.attributes?.[0]?.providerId).toBe(family.attribute.id);
        expect(new Set(p.attributes?.[0]?.options?.map((o) => o.providerId))).toEqual(
          new Set(family.members.map((m) => m.option.id)),
        );
      }
    }
  });
});
