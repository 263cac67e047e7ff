// Writes the seeded catalogue (categories, products, collections) into a fresh database: the seed's
// literal data (../seed/) turned into rows. Pure and deterministic like the rest of the seed.
import type { Database } from 'better-sqlite3';
import { mediaUrl, productImageFile } from '../media/urls.ts';
import { searchKey } from '../rules/text.ts';
import { SEEDED_CATEGORIES } from '../seed/categories.ts';
import {
  SEEDED_COLLECTION_PRODUCTS,
  SEEDED_PRODUCTS,
  SEEDED_REDIRECT_FAMILIES,
  type SeedProduct,
  type SeedRedirectFamily,
} from '../seed/products.ts';
import { SEEDED_COLLECTIONS, SHOP_NAME } from '../seed/shop.ts';
import type { StoredAttribute, StoredDimension, StoredProductDetails } from './product-details.ts';

/** The media route draws at most this many pictures per product (produto-<id>-2..9.svg). */
const MAX_IMAGES = 9;

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
 * The variants' pictures follow the first attribute's options (a colour, a flavour): option n
 * shows picture n + 2, after the product's main picture.
 */
function variantPicture(optionIndex: number): number | null {
  const n = optionIndex + 2;
  return n <= MAX_IMAGES ? n : null;
}

function pictureCount(p: SeedProduct): number {
  const firstAttribute = p.variants?.attributes[0];
  const forVariants = firstAttribute ? 1 + firstAttribute.options.length : 1;
  return Math.min(MAX_IMAGES, Math.max(p.images ?? 1, forVariants));
}

function variantDetails(p: SeedProduct): { attributes: StoredAttribute[]; dimensions: StoredDimension[] } {
  const variants = p.variants;
  if (!variants) return { attributes: [], dimensions: [] };
  const first = variants.attributes[0];
  return {
    attributes: variants.attributes.map((a) => ({
      providerId: a.id,
      name: a.name,
      options: a.options.map((o) => ({ providerId: o.id, name: o.name, redirectable: false })),
    })),
    dimensions: variants.dimensions.map((d) => {
      const optionIndex = first ? first.options.findIndex((o) => o.id === d.options[first.id]) : -1;
      const picture = optionIndex >= 0 ? variantPicture(optionIndex) : null;
      return {
        sku: d.sku,
        attributes: { ...d.options },
        priceCents: d.price,
        isAvailable: d.available,
        imageUrl: picture === null ? null : mediaUrl(productImageFile(p.id, picture)),
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
    images: Array.from({ length: pictureCount(p) }, (_, n) => ({
      url: mediaUrl(productImageFile(p.id, n + 1)),
    })),
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
    `INSERT INTO categories (id, shop_id, parent_id, name, description, position, color, shape)
     VALUES (@id, @shopId, @parentId, @name, @description, @position, @color, @shape)`,
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
    const common = { shopId, color: c.color, shape: c.shape };
    insertCategory.run({
      ...common,
      id: c.id,
      parentId: null,
      name: c.name,
      description: c.description,
      position,
    });
    c.children.forEach((child, childPosition) => {
      insertCategory.run({
        ...common,
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
