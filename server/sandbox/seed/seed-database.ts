// Fills an empty database with the seeded shop, catalogue and demo sessions.
// Deterministic on purpose: only literal data from this folder, fixed timestamps and insertion order,
// no Math.random and no clock, so every fresh database holds the same rows and ids.
import type { Database } from 'better-sqlite3';
import { OrderState } from '../contract.ts';
import { seedCeps } from './ceps.ts';
import { seedCoupons } from './order-offers.ts';
import { SEEDED_PRODUCTS } from './products.ts';
import { SCENARIO_SESSIONS, SCENARIO_SHOPS } from './scenarios.ts';
import { refreshSeedPictures, seedCatalog } from './seed-catalog.ts';
import { SEED_TIME, SEEDED_SESSIONS, type SeedSession } from './sessions.ts';
import { SHOP_CHAT, SHOP_ID, SHOP_NAME, SHOP_SLUG, shopRules, shopSettings } from './shop.ts';

/** The first order id; later orders count up from it (the id a shopper may quote on WhatsApp). */
export const FIRST_ORDER_ID = 100001;

export function seedDatabase(db: Database): void {
  const insertShop = db.prepare(
    'INSERT INTO shops (id, name, settings, rules, catalog_shop_id, slug, chat) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );

  db.transaction(() => {
    insertShop.run(
      SHOP_ID,
      SHOP_NAME,
      JSON.stringify(shopSettings),
      JSON.stringify(shopRules),
      null,
      SHOP_SLUG,
      JSON.stringify(SHOP_CHAT),
    );
    seedCoupons(db, SHOP_ID);

    // Categories, products and collections (seed-catalog.ts).
    seedCatalog(db, SHOP_ID);

    // Scenario shops sell the seeded shop's catalogue with some settings changed.
    for (const shop of SCENARIO_SHOPS) {
      insertShop.run(
        shop.id,
        shop.name,
        JSON.stringify(shop.settings),
        JSON.stringify(shop.rules),
        SHOP_ID,
        shop.slug,
        shop.chat ? JSON.stringify(shop.chat) : null,
      );
      seedCoupons(db, shop.id);
    }

    let nextOrderId = FIRST_ORDER_ID;
    for (const s of [...SEEDED_SESSIONS, ...SCENARIO_SESSIONS]) {
      const ordered = insertSeedSession(db, s, { orderId: nextOrderId, createdAt: SEED_TIME });
      if (ordered) nextOrderId++;
    }
    // Orders created at run time count up from FIRST_ORDER_ID even when no seeded cart made one
    // (AUTOINCREMENT keeps its counter in sqlite_sequence, one row per table).
    db.prepare(
      `INSERT INTO sqlite_sequence (name, seq) SELECT 'orders', ?
       WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'orders')`,
    ).run(FIRST_ORDER_ID - 1);
    seedCeps(db);
  })();
}

const productsById = new Map(SEEDED_PRODUCTS.map((p) => [p.id, p]));

/**
 * Inserts one seed session with its user, addresses and cart (as an order). `orderId` null lets the
 * database number the order (a copy made at run time). Returns whether an order was created.
 * Call inside a transaction.
 */
export function insertSeedSession(
  db: Database,
  s: SeedSession,
  { orderId, createdAt }: { orderId: number | null; createdAt: string },
): boolean {
  const shopId = s.shopId;
  if (s.userShop && shopId) {
    const u = s.userShop;
    db.prepare(
      'INSERT INTO user_shops (id, shop_id, channel_id, is_anonymous, customer) VALUES (?, ?, ?, ?, ?)',
    ).run(u.id, shopId, u.channelId, u.isAnonymous ? 1 : 0, JSON.stringify(u.customer));
    const insertAddress = db.prepare(
      `INSERT INTO addresses (user_shop_id, position, is_default, name, zip_code, street, number, complement,
         neighborhood, neighborhood_id, city, state, latitude, longitude)
       VALUES (@userShopId, @position, @isDefault, @name, @zipCode, @street, @number, @complement,
         @neighborhood, @neighborhoodId, @city, @state, @latitude, @longitude)`,
    );
    u.addresses.forEach((a, position) => {
      insertAddress.run({ ...a, userShopId: u.id, position, isDefault: a.isDefault ? 1 : 0 });
    });
  }
  db.prepare(
    `INSERT INTO sessions (code, shop_id, session_type, channel_type, channel_id, user_shop_id, operator_name,
       created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    s.code,
    shopId,
    s.sessionType,
    s.channelType,
    s.channelId,
    s.userShop?.id ?? null,
    s.operatorName,
    createdAt,
  );
  if (s.cart.length === 0 || !shopId || !s.userShop) return false;
  const order = db
    .prepare(
      `INSERT INTO orders (id, session_code, shop_id, user_id, is_anonymous, status, checkout, created_at,
         updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      orderId,
      s.code,
      shopId,
      s.userShop.id,
      s.userShop.isAnonymous ? 1 : 0,
      s.order?.status ?? OrderState.Creating,
      JSON.stringify(s.order?.checkout ?? {}),
      createdAt,
      createdAt,
    );
  const insertItem = db.prepare(
    `INSERT INTO order_items (order_id, idx, product_id, sku, quantity, unit_price_cents, promotional_price_cents,
       list_price_cents)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  s.cart.forEach((line, idx) => {
    const product = productsById.get(line.productId);
    if (!product) throw new Error(`seed: produto ${line.productId} não existe`);
    insertItem.run(
      order.lastInsertRowid,
      idx,
      product.id,
      product.id,
      line.quantity,
      product.price,
      product.promo ?? null,
      product.list !== undefined && product.list > product.price ? product.list : null,
    );
  });
  return true;
}

/**
 * Brings a data file made by an older version up to the current demo seed without touching what was
 * done in it: the seeded shops take the current settings and rules (they are the sandbox's own
 * configuration), a scenario shop or demo session added since is created, the seeded products show
 * the current pictures, and every existing session, order and customer stays as it is. So a new
 * scenario works after `git pull` without `npm run sandbox:reset`.
 */
export function refreshSeed(db: Database): { shops: number; sessions: number } {
  const upsertShop = db.prepare(
    `INSERT INTO shops (id, name, settings, rules, catalog_shop_id, slug, chat) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, settings = excluded.settings, rules = excluded.rules,
       slug = excluded.slug, chat = excluded.chat`,
  );
  const shopExists = db.prepare('SELECT 1 FROM shops WHERE id = ?');
  const sessionExists = db.prepare('SELECT 1 FROM sessions WHERE code = ?');
  const userExists = db.prepare('SELECT 1 FROM user_shops WHERE id = ?');
  let shops = 0;
  let sessions = 0;
  db.transaction(() => {
    upsertShop.run(
      SHOP_ID,
      SHOP_NAME,
      JSON.stringify(shopSettings),
      JSON.stringify(shopRules),
      null,
      SHOP_SLUG,
      JSON.stringify(SHOP_CHAT),
    );
    refreshSeedPictures(db, SHOP_ID);
    for (const shop of SCENARIO_SHOPS) {
      const isNew = !shopExists.get(shop.id);
      upsertShop.run(
        shop.id,
        shop.name,
        JSON.stringify(shop.settings),
        JSON.stringify(shop.rules),
        SHOP_ID,
        shop.slug,
        shop.chat ? JSON.stringify(shop.chat) : null,
      );
      if (isNew) {
        seedCoupons(db, shop.id);
        shops++;
      }
    }
    for (const s of [...SEEDED_SESSIONS, ...SCENARIO_SESSIONS]) {
      if (sessionExists.get(s.code) || (s.userShop && userExists.get(s.userShop.id))) continue;
      insertSeedSession(db, s, { orderId: null, createdAt: SEED_TIME });
      sessions++;
    }
  })();
  return { shops, sessions };
}
