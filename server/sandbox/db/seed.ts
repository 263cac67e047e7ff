// Fills an empty database with the seeded shop, catalogue and demo sessions.
// Deterministic on purpose: only literal data from ../seed/, fixed timestamps and insertion order,
// no Math.random and no clock, so every fresh database holds the same rows and ids.
import type { Database } from 'better-sqlite3';
import { mediaUrl, productImageFile } from '../media/urls.ts';
import { searchKey } from '../rules/text.ts';
import { SEEDED_CATEGORIES } from '../seed/categories.ts';
import { SEEDED_COLLECTION_PRODUCTS, SEEDED_PRODUCTS, type SeedProduct } from '../seed/products.ts';
import { SEED_TIME, SEEDED_SESSIONS } from '../seed/sessions.ts';
import { SEEDED_COLLECTIONS, SHOP_ID, SHOP_NAME, shopRules, shopSettings } from '../seed/shop.ts';

/** The first order id; later orders count up from it (the id a shopper may quote on WhatsApp). */
export const FIRST_ORDER_ID = 100001;

function productDetails(p: SeedProduct): Record<string, unknown> {
  return {
    images: [{ url: mediaUrl(productImageFile(p.id)) }],
    description: p.description,
    sellerName: SHOP_NAME,
    specification: p.specification ?? [],
    clusterHighlights: (p.highlights ?? []).map((name) => ({
      id: searchKey(name).replace(/\W+/g, '-'),
      name,
    })),
    offerDescription: p.offer ?? '',
    amountInKilo: p.kilo?.amount ?? null,
    kilogramPriceCents: p.kilo?.pricePerKilo ?? null,
  };
}

export function seedDatabase(db: Database): void {
  const insertShop = db.prepare('INSERT INTO shops (id, name, settings, rules) VALUES (?, ?, ?, ?)');
  const insertCategory = db.prepare(
    `INSERT INTO categories (id, shop_id, parent_id, name, description, position, color, shape)
     VALUES (@id, @shopId, @parentId, @name, @description, @position, @color, @shape)`,
  );
  const insertProduct = db.prepare(
    `INSERT INTO products (id, shop_id, category_id, subcategory_id, name, search_name, brand, price_cents,
       list_price_cents, promotional_price_cents, top_rank, is_active, is_restricted_sale,
       has_shipping_restriction, sold_in_kilo, position, details)
     VALUES (@id, @shopId, @categoryId, @subcategoryId, @name, @searchName, @brand, @price, @list, @promo,
       @rank, 1, @restricted, 0, @soldInKilo, @position, @details)`,
  );
  const insertCollection = db.prepare(
    'INSERT INTO collections (id, shop_id, name, position) VALUES (?, ?, ?, ?)',
  );
  const insertCollectionProduct = db.prepare(
    'INSERT INTO collection_products (collection_id, product_id, position) VALUES (?, ?, ?)',
  );
  const insertUserShop = db.prepare(
    'INSERT INTO user_shops (id, shop_id, channel_id, is_anonymous, customer) VALUES (?, ?, ?, ?, ?)',
  );
  const insertAddress = db.prepare(
    `INSERT INTO addresses (user_shop_id, position, is_default, name, zip_code, street, number, complement,
       neighborhood, neighborhood_id, city, state, latitude, longitude)
     VALUES (@userShopId, @position, @isDefault, @name, @zipCode, @street, @number, @complement,
       @neighborhood, @neighborhoodId, @city, @state, @latitude, @longitude)`,
  );
  const insertSession = db.prepare(
    `INSERT INTO sessions (code, shop_id, session_type, channel_type, channel_id, user_shop_id, operator_name,
       created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertOrder = db.prepare(
    `INSERT INTO orders (id, session_code, shop_id, user_id, is_anonymous, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertItem = db.prepare(
    `INSERT INTO order_items (order_id, idx, product_id, sku, quantity, unit_price_cents, promotional_price_cents)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );

  const productsById = new Map(SEEDED_PRODUCTS.map((p) => [p.id, p]));

  db.transaction(() => {
    insertShop.run(SHOP_ID, SHOP_NAME, JSON.stringify(shopSettings), JSON.stringify(shopRules));

    SEEDED_CATEGORIES.forEach((c, position) => {
      const common = { shopId: SHOP_ID, color: c.color, shape: c.shape };
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
      insertProduct.run({
        id: p.id,
        shopId: SHOP_ID,
        categoryId: p.category,
        subcategoryId: p.subcategory,
        name: p.name,
        searchName: searchKey(`${p.name} ${p.brand}`),
        brand: p.brand,
        price: p.price,
        list: p.list ?? null,
        promo: p.promo ?? null,
        rank: p.rank ?? null,
        restricted: p.restricted ? 1 : 0,
        soldInKilo: p.kilo ? 1 : 0,
        position,
        details: JSON.stringify(productDetails(p)),
      });
    });

    SEEDED_COLLECTIONS.forEach((c, position) => {
      insertCollection.run(c.id, SHOP_ID, c.name, position);
      (SEEDED_COLLECTION_PRODUCTS[c.id] ?? []).forEach((productId, productPosition) => {
        insertCollectionProduct.run(c.id, productId, productPosition);
      });
    });

    let nextOrderId = FIRST_ORDER_ID;
    for (const s of SEEDED_SESSIONS) {
      const shopId = s.shopId;
      if (s.userShop && shopId) {
        const u = s.userShop;
        insertUserShop.run(u.id, shopId, u.channelId, u.isAnonymous ? 1 : 0, JSON.stringify(u.customer));
        u.addresses.forEach((a, position) => {
          insertAddress.run({ ...a, userShopId: u.id, position, isDefault: a.isDefault ? 1 : 0 });
        });
      }
      insertSession.run(
        s.code,
        shopId,
        s.sessionType,
        s.channelType,
        s.channelId,
        s.userShop?.id ?? null,
        s.operatorName,
        SEED_TIME,
      );
      if (s.cart.length > 0 && shopId && s.userShop) {
        const orderId = nextOrderId++;
        insertOrder.run(
          orderId,
          s.code,
          shopId,
          s.userShop.id,
          s.userShop.isAnonymous ? 1 : 0,
          SEED_TIME,
          SEED_TIME,
        );
        s.cart.forEach((line, idx) => {
          const product = productsById.get(line.productId);
          if (!product) throw new Error(`seed: produto ${line.productId} não existe`);
          insertItem.run(
            orderId,
            idx,
            product.id,
            product.id,
            line.quantity,
            product.price,
            product.promo ?? null,
          );
        });
      }
    }
    // Orders created at run time count up from FIRST_ORDER_ID even when no seeded cart made one
    // (AUTOINCREMENT keeps its counter in sqlite_sequence, one row per table).
    db.prepare(
      `INSERT INTO sqlite_sequence (name, seq) SELECT 'orders', ?
       WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'orders')`,
    ).run(FIRST_ORDER_ID - 1);
  })();
}
