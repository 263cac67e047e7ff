// Writes the seeded catalogue (categories, products, collections) into a fresh database: the seed's
// literal data (this folder) turned into rows. Pure and deterministic like the rest of the seed.
import type { Database } from 'better-sqlite3';
import type { StoredAttribute, StoredDimension, StoredProductDetails } from '../catalog/product-details.ts';
import { pictureUrl } from '../media/pictures.ts';
import { searchKey } from '../rules/text.ts';
import { SEEDED_CATEGORIES } from './categories.ts';
import { optionPictureName, PRODUCT_PICTURES, pictureNames } from './pictures.ts';
import {
  SEEDED_COLLECTION_PRODUCTS,
  SEEDED_PRODUCTS,
  SEEDED_REDIRECT_FAMILIES,
  type SeedProduct,
  type SeedRedirectFamily,
} from './products.ts';
import { SEEDED_COLLECTIONS, SHOP_NAME } from './shop.ts';

/** The price a shopper pays for a product without variants: the promotion when it is lower. */
function sellingPrice(p: SeedProduct): number {
  return p.promo !== undefined && p.promo > 0 && p.promo < p.price ? p.promo : p.price;
}

/** Lowest and highest price of the product, over the variants in stock when it has variants. */
export function seedPriceRange(p: SeedProduct): { min: number; max: number } {
  const dimensions = p.variants?.dimensions ?? [];
  if (dimensions.length === 0) return { min: sellingPrice(p), max: sellingPrice(p) };
  const inStock = dimensions.filter((d) => d.available);
  const prices = (inStock.length > 0 ? inStock : dimensions).map((d) => d.price);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/**
 * A seeded product's pictures (seed/pictures.ts): the gallery's addresses, and the variants' own
 * pictures by option of one attribute when the product has them (a colour, a flavour). A picture
 * with no rendered file is left out (a test keeps every one rendered).
 */
function seedPictures(productId: string): {
  images: string[];
  byOption?: { attribute: string; urls: Readonly<Record<string, string>> };
} {
  const pictures = PRODUCT_PICTURES[productId];
  if (!pictures) return { images: [] };
  const names = pictureNames(productId, pictures);
  const images = names.flatMap((name) => pictureUrl(name) ?? []);
  const options = pictures.options;
  if (!options) return { images };
  const urls = Object.fromEntries(
    Object.keys(options.shots).flatMap((option) => {
      const url = pictureUrl(optionPictureName(productId, option));
      return url ? [[option, url]] : [];
    }),
  );
  return { images, byOption: { attribute: options.attribute, urls } };
}

function variantDetails(p: SeedProduct): { attributes: StoredAttribute[]; dimensions: StoredDimension[] } {
  const variants = p.variants;
  if (!variants) return { attributes: [], dimensions: [] };
  const byOption = seedPictures(p.id).byOption;
  return {
    attributes: variants.attributes.map((a) => ({
      providerId: a.id,
      name: a.name,
      options: a.options.map((o) => ({ providerId: o.id, name: o.name, redirectable: false })),
    })),
    dimensions: variants.dimensions.map((d) => {
      const option = byOption ? d.options[byOption.attribute] : undefined;
      return {
        sku: d.sku,
        attributes: { ...d.options },
        priceCents: d.price,
        isAvailable: d.available,
        // A variant without a picture of its own shows the product's.
        imageUrl: (option !== undefined ? byOption?.urls[option] : undefined) ?? null,
      };
    }),
  };
}

/**
 * A member of a redirect family shows the family's attribute with its own option first: a page
 * without dimensions starts on each attribute's first option (shopper spec, section 4), which must
 * be the product on screen.
 */
function familyDetails(productId: string, family: SeedRedirectFamily) {
  const own = family.members.filter((m) => m.productId === productId);
  const others = family.members.filter((m) => m.productId !== productId);
  return {
    attributes: [
      {
        providerId: family.attribute.id,
        name: family.attribute.name,
        options: [...own, ...others].map((m) => ({
          providerId: m.option.id,
          name: m.option.name,
          redirectable: true,
        })),
      },
    ],
    redirects: Object.fromEntries(family.members.map((m) => [m.option.id, m.productId])),
  };
}

export function seedProductDetails(p: SeedProduct): StoredProductDetails {
  const family = SEEDED_REDIRECT_FAMILIES.find((f) => f.members.some((m) => m.productId === p.id));
  const variants = variantDetails(p);
  const redirects = family ? familyDetails(p.id, family) : undefined;
  return {
    images: seedPictures(p.id).images.map((url) => ({ url })),
    description: p.description,
    sellerName: p.seller?.name ?? SHOP_NAME,
    specification: (p.specification ?? []).map((s) => ({ name: s.name, value: [...s.value] })),
    clusterHighlights: (p.highlights ?? []).map((name) => ({
      id: searchKey(name).replace(/\W+/g, '-'),
      name,
    })),
    offerDescription: p.offer ?? '',
    amountInKilo: p.kilo?.amount ?? null,
    kilogramPriceCents: p.kilo?.pricePerKilo ?? null,
    shippingRestrictionMessage: p.shippingRestriction ?? '',
    attributes: redirects?.attributes ?? variants.attributes,
    dimensions: variants.dimensions,
    subscriptionOffers: (p.subscriptions ?? []).map((s) => ({
      recurrence: { type: s.type, frequency: s.frequency },
    })),
    redirects: redirects?.redirects ?? {},
  };
}

export function seedCatalog(db: Database, shopId: string): void {
  const insertCategory = db.prepare(
    `INSERT INTO categories (id, shop_id, parent_id, name, description, position)
     VALUES (@id, @shopId, @parentId, @name, @description, @position)`,
  );
  const insertProduct = db.prepare(
    `INSERT INTO products (id, shop_id, category_id, subcategory_id, name, search_name, brand, price_cents,
       list_price_cents, promotional_price_cents, min_price_cents, max_price_cents, top_rank, is_active,
       is_restricted_sale, has_shipping_restriction, sold_in_kilo, seller_id, position, details)
     VALUES (@id, @shopId, @categoryId, @subcategoryId, @name, @searchName, @brand, @price, @list, @promo,
       @minPrice, @maxPrice, @rank, @active, @restricted, @shippingRestricted, @soldInKilo, @sellerId,
       @position, @details)`,
  );
  const insertCollection = db.prepare(
    'INSERT INTO collections (id, shop_id, name, position) VALUES (?, ?, ?, ?)',
  );
  const insertCollectionProduct = db.prepare(
    'INSERT INTO collection_products (collection_id, product_id, position) VALUES (?, ?, ?)',
  );

  SEEDED_CATEGORIES.forEach((c, position) => {
    insertCategory.run({
      shopId,
      id: c.id,
      parentId: null,
      name: c.name,
      description: c.description,
      position,
    });
    c.children.forEach((child, childPosition) => {
      insertCategory.run({
        shopId,
        id: child.id,
        parentId: c.id,
        name: child.name,
        description: '',
        position: childPosition,
      });
    });
  });

  SEEDED_PRODUCTS.forEach((p, position) => {
    const range = seedPriceRange(p);
    insertProduct.run({
      id: p.id,
      shopId,
      categoryId: p.category,
      subcategoryId: p.subcategory,
      name: p.name,
      searchName: searchKey(`${p.name} ${p.brand}`),
      brand: p.brand,
      price: p.price,
      list: p.list ?? null,
      promo: p.promo ?? null,
      minPrice: range.min,
      maxPrice: range.max,
      rank: p.rank ?? null,
      active: p.inactive ? 0 : 1,
      restricted: p.restricted ? 1 : 0,
      shippingRestricted: p.shippingRestriction ? 1 : 0,
      soldInKilo: p.kilo ? 1 : 0,
      sellerId: p.seller?.id ?? null,
      position,
      details: JSON.stringify(seedProductDetails(p)),
    });
  });

  SEEDED_COLLECTIONS.forEach((c, position) => {
    insertCollection.run(c.id, shopId, c.name, position);
    (SEEDED_COLLECTION_PRODUCTS[c.id] ?? []).forEach((productId, productPosition) => {
      insertCollectionProduct.run(c.id, productId, productPosition);
    });
  });
}

/**
 * Gives the seeded products of a data file made by an older version the current pictures (their
 * files are renamed whenever they are rendered again), leaving everything else in their details as
 * it is.
 */
export function refreshSeedPictures(db: Database, shopId: string): void {
  const select = db.prepare<[string, string], { details: string }>(
    'SELECT details FROM products WHERE shop_id = ? AND id = ?',
  );
  const update = db.prepare('UPDATE products SET details = ? WHERE shop_id = ? AND id = ?');
  for (const p of SEEDED_PRODUCTS) {
    const row = select.get(shopId, p.id);
    if (!row) continue;
    const details = JSON.parse(row.details) as Partial<StoredProductDetails>;
    const seeded = seedProductDetails(p);
    const imageOf = new Map(seeded.dimensions.map((d) => [d.sku, d.imageUrl]));
    const next = {
      ...details,
      images: seeded.images,
      dimensions: (details.dimensions ?? []).map((d) => ({ ...d, imageUrl: imageOf.get(d.sku) ?? null })),
    };
    const json = JSON.stringify(next);
    if (json !== row.details) update.run(json, shopId, p.id);
  }
}
