// The sandbox's SQLite schema, as an ordered list of migrations.
// Migration i takes the database from `PRAGMA user_version` i to i + 1, so a data file created by an
// older sandbox is brought up to date on open instead of being thrown away. Issue 3 appends migrations
// (gifts, coupons, logistics, sellers, payments, outbox, tray links); it never edits one that shipped.
//
// Conventions:
// - money is stored as integer cents (`*_cents`) and turned into reais only on the wire;
// - what is filtered, sorted or joined on is a column; the rest of a wire object is a JSON column
//   (checked with json_valid) so new spec fields need no migration;
// - enumerations are stored as their numeric wire codes, guarded by CHECK constraints.

const V1_INITIAL = `
CREATE TABLE shops (
  id        TEXT PRIMARY KEY,
  name      TEXT NOT NULL,
  -- the shop settings object exactly as GET /api/shop/settings answers it
  settings  TEXT NOT NULL CHECK (json_valid(settings)),
  -- server-only order rules (minimum values, item limits): never sent as settings
  rules     TEXT NOT NULL CHECK (json_valid(rules))
) STRICT;

-- A person as known by one shop on one channel: the spec's userShop.
CREATE TABLE user_shops (
  id            TEXT PRIMARY KEY,
  shop_id       TEXT NOT NULL REFERENCES shops(id),
  channel_id    TEXT NOT NULL,
  is_anonymous  INTEGER NOT NULL DEFAULT 0 CHECK (is_anonymous IN (0, 1)),
  -- customer object of the wire (name, email, document, phone, corporate fields)
  customer      TEXT NOT NULL CHECK (json_valid(customer))
) STRICT;

CREATE TABLE sessions (
  code           TEXT PRIMARY KEY,
  -- NULL for a session that exists but carries no shop data (the SPA sends it to invalid-session)
  shop_id        TEXT REFERENCES shops(id),
  session_type   INTEGER NOT NULL CHECK (session_type IN (0, 1, 2, 3)),
  channel_type   INTEGER NOT NULL CHECK (channel_type IN (0, 1, 2, 3)),
  channel_id     TEXT NOT NULL,
  user_shop_id   TEXT REFERENCES user_shops(id),
  -- the operator's name for PlatformUser sessions (who is selling for the contact)
  operator_name  TEXT,
  created_at     TEXT NOT NULL
) STRICT;

CREATE TABLE addresses (
  id               INTEGER PRIMARY KEY,
  user_shop_id     TEXT NOT NULL REFERENCES user_shops(id) ON DELETE CASCADE,
  position         INTEGER NOT NULL,
  is_default       INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  name             TEXT NOT NULL,
  zip_code         TEXT NOT NULL,
  street           TEXT NOT NULL,
  number           TEXT NOT NULL,
  complement       TEXT NOT NULL DEFAULT '',
  neighborhood     TEXT NOT NULL,
  neighborhood_id  TEXT,
  city             TEXT NOT NULL,
  state            TEXT NOT NULL,
  latitude         REAL,
  longitude        REAL,
  UNIQUE (user_shop_id, position)
) STRICT;

CREATE TABLE categories (
  id           TEXT PRIMARY KEY,
  shop_id      TEXT NOT NULL REFERENCES shops(id),
  -- NULL for a top-level category; subcategories point to their category
  parent_id    TEXT REFERENCES categories(id),
  name         TEXT NOT NULL,
  description  TEXT NOT NULL DEFAULT '',
  position     INTEGER NOT NULL,
  -- colour and shape of the generated product pictures of this category (sandbox media only)
  color        TEXT NOT NULL DEFAULT '#6B7280',
  shape        TEXT NOT NULL DEFAULT 'circle'
) STRICT;
CREATE INDEX categories_by_parent ON categories (shop_id, parent_id, position);

CREATE TABLE products (
  id                        TEXT PRIMARY KEY,
  shop_id                   TEXT NOT NULL REFERENCES shops(id),
  category_id               TEXT NOT NULL REFERENCES categories(id),
  subcategory_id            TEXT REFERENCES categories(id),
  name                      TEXT NOT NULL,
  -- lower case without accents, so text search can ignore both ('acucar' finds 'Açúcar')
  search_name               TEXT NOT NULL,
  brand                     TEXT NOT NULL DEFAULT '',
  price_cents               INTEGER NOT NULL CHECK (price_cents >= 0),
  list_price_cents          INTEGER CHECK (list_price_cents >= 0),
  promotional_price_cents   INTEGER CHECK (promotional_price_cents >= 0),
  -- position in the top sellers list (1 = best); NULL when not a top seller
  top_rank                  INTEGER UNIQUE,
  is_active                 INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  is_restricted_sale        INTEGER NOT NULL DEFAULT 0 CHECK (is_restricted_sale IN (0, 1)),
  has_shipping_restriction  INTEGER NOT NULL DEFAULT 0 CHECK (has_shipping_restriction IN (0, 1)),
  sold_in_kilo              INTEGER NOT NULL DEFAULT 0 CHECK (sold_in_kilo IN (0, 1)),
  position                  INTEGER NOT NULL,
  -- the rest of the wire product: images, description, specification, attributes, dimensions...
  details                   TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(details))
) STRICT;
CREATE INDEX products_by_category ON products (shop_id, category_id, subcategory_id, position);
CREATE INDEX products_by_rank ON products (shop_id, top_rank) WHERE top_rank IS NOT NULL;

-- Collections named in showCollections and the products they hold (issue 3 serves them).
CREATE TABLE collections (
  id        TEXT PRIMARY KEY,
  shop_id   TEXT NOT NULL REFERENCES shops(id),
  name      TEXT NOT NULL,
  position  INTEGER NOT NULL
) STRICT;
CREATE TABLE collection_products (
  collection_id  TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  product_id     TEXT NOT NULL REFERENCES products(id),
  position       INTEGER NOT NULL,
  PRIMARY KEY (collection_id, product_id)
) STRICT;

CREATE TABLE orders (
  id                    INTEGER PRIMARY KEY AUTOINCREMENT,
  session_code          TEXT NOT NULL REFERENCES sessions(code),
  shop_id               TEXT NOT NULL REFERENCES shops(id),
  user_id               TEXT NOT NULL,
  is_anonymous          INTEGER NOT NULL DEFAULT 0 CHECK (is_anonymous IN (0, 1)),
  status                INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3, 4)),
  -- 1 while this is the session's current order. A confirmed or cancelled order stays current (the
  -- final pages read it); adding an item afterwards clears it and starts the next order.
  is_current            INTEGER NOT NULL DEFAULT 1 CHECK (is_current IN (0, 1)),
  is_in_semi_automatic  INTEGER NOT NULL DEFAULT 0 CHECK (is_in_semi_automatic IN (0, 1)),
  enable_preferences    INTEGER NOT NULL DEFAULT 1 CHECK (enable_preferences IN (0, 1)),
  -- checkout choices added by issue 3 (logistic, seller, payment, coupon, price table, customer
  -- snapshot) live here until they need their own columns or tables
  checkout              TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(checkout)),
  created_at            TEXT NOT NULL,
  updated_at            TEXT NOT NULL
) STRICT;
-- One current order per session, enforced by the database rather than by the code.
CREATE UNIQUE INDEX orders_one_current_per_session ON orders (session_code) WHERE is_current = 1;

CREATE TABLE order_items (
  order_id                 INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  idx                      INTEGER NOT NULL CHECK (idx >= 0),
  product_id               TEXT NOT NULL REFERENCES products(id),
  sku                      TEXT NOT NULL,
  quantity                 INTEGER NOT NULL CHECK (quantity >= 1),
  -- prices captured when the item was added or last updated (a variant's sku may differ from the product)
  unit_price_cents         INTEGER NOT NULL CHECK (unit_price_cents >= 0),
  promotional_price_cents  INTEGER CHECK (promotional_price_cents >= 0),
  is_gift                  INTEGER NOT NULL DEFAULT 0 CHECK (is_gift IN (0, 1)),
  attributes               TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(attributes)),
  subscription             TEXT CHECK (subscription IS NULL OR json_valid(subscription)),
  preferences              TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (order_id, idx)
) STRICT;
`;

// Issue 3: every call of both specs. The walking skeleton's demo rows are replaced: the sandbox holds
// demo data only, and the catalogue changed shape (variants, subscriptions, inactive products), so the
// old rows are deleted here and the seed runs again on open (openSandboxDb seeds a shopless database).
const V2_EVERY_CALL = `
DELETE FROM order_items;
DELETE FROM orders;
DELETE FROM addresses;
DELETE FROM sessions;
DELETE FROM user_shops;
DELETE FROM collection_products;
DELETE FROM collections;
DELETE FROM products;
DELETE FROM categories;
DELETE FROM shops;

-- A scenario shop may sell another shop's catalogue (same products, its own settings and rules).
ALTER TABLE shops ADD COLUMN catalog_shop_id TEXT REFERENCES shops(id);

-- ----- Catalogue (issue 3): what the product lists filter, sort and page on; the rest of a
-- product stays in its JSON details column.
-- The marketplace seller of a product; NULL when the shop sells it itself.
ALTER TABLE products ADD COLUMN seller_id TEXT;
-- Lowest and highest price a shopper pays, in cents (promotion applied; over the variants for a
-- product with variants): the price filter and the price facet's range read these.
ALTER TABLE products ADD COLUMN min_price_cents INTEGER NOT NULL DEFAULT 0 CHECK (min_price_cents >= 0);
ALTER TABLE products ADD COLUMN max_price_cents INTEGER NOT NULL DEFAULT 0
  CHECK (max_price_cents >= min_price_cents);
-- Page tokens continue after the last position seen, so positions must be a total order.
CREATE UNIQUE INDEX products_position ON products (shop_id, position);
CREATE UNIQUE INDEX collection_products_position ON collection_products (collection_id, position);
-- ----- end of the catalogue block

-- The gift group a gift item was chosen from (NULL for an item the shopper added).
ALTER TABLE order_items ADD COLUMN gift_group_id TEXT;
-- The seller of the item (marketplace products); NULL means the shop itself.
ALTER TABLE order_items ADD COLUMN seller_id TEXT;

-- Discount coupons of a shop. kind 'percent' takes value_percent % off the items;
-- 'free-delivery' zeroes the delivery price.
CREATE TABLE coupons (
  shop_id            TEXT NOT NULL REFERENCES shops(id),
  -- upper case, as the shopper types it once trimmed and upper-cased
  code               TEXT NOT NULL,
  kind               TEXT NOT NULL CHECK (kind IN ('percent', 'free-delivery')),
  value_percent      INTEGER CHECK (value_percent IS NULL OR (value_percent BETWEEN 1 AND 100)),
  min_items_cents    INTEGER NOT NULL DEFAULT 0 CHECK (min_items_cents >= 0),
  is_active          INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  PRIMARY KEY (shop_id, code)
) STRICT;

-- Brazilian postal codes the address lookup knows (real CEPs), digits only.
CREATE TABLE ceps (
  cep            TEXT PRIMARY KEY CHECK (length(cep) = 8),
  street         TEXT NOT NULL,
  -- NULL when the CEP covers several neighbourhoods: the shopper chooses one of cep_neighborhoods
  neighborhood   TEXT,
  city           TEXT NOT NULL,
  state          TEXT NOT NULL CHECK (length(state) = 2),
  latitude       REAL,
  longitude      REAL
) STRICT;
CREATE TABLE cep_neighborhoods (
  cep        TEXT NOT NULL REFERENCES ceps(cep) ON DELETE CASCADE,
  id         TEXT NOT NULL,
  name       TEXT NOT NULL,
  position   INTEGER NOT NULL,
  PRIMARY KEY (cep, id)
) STRICT;

-- Every card (or Mercado Pago) payment attempt, approved or refused: what a real gateway logs.
-- Only the last four digits of a card are ever stored, never the number or the security code.
CREATE TABLE payment_attempts (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id       INTEGER NOT NULL REFERENCES orders(id),
  provider_id    TEXT NOT NULL,
  card_last4     TEXT,
  installments   INTEGER NOT NULL CHECK (installments >= 1),
  amount_cents   INTEGER NOT NULL CHECK (amount_cents >= 0),
  -- PaymentStatus code; failure_type is a FailureType code when the attempt failed
  status         INTEGER NOT NULL CHECK (status IN (0, 1, 2, 3, 4)),
  failure_type   INTEGER CHECK (failure_type IS NULL OR failure_type IN (0, 1, 2, 3)),
  created_at     TEXT NOT NULL
) STRICT;

-- What was sent to the chat contact (product, catalogue, order summary). The sandbox has no chat:
-- tests and the README read this table through GET /api/sandbox/outbox.
CREATE TABLE outbox (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  session_code  TEXT NOT NULL REFERENCES sessions(code),
  kind          TEXT NOT NULL CHECK (kind IN ('product', 'catalog', 'order-summary')),
  payload       TEXT NOT NULL CHECK (json_valid(payload)),
  created_at    TEXT NOT NULL
) STRICT;
CREATE INDEX outbox_by_session ON outbox (session_code, id);

-- Tray stores linked to a chatbot (POST /tray/link-store), one link per store.
CREATE TABLE tray_links (
  store          TEXT PRIMARY KEY,
  chatbot_id     TEXT NOT NULL,
  -- the link payload as sent (adm user, code, api address, host); the token is kept hashed only
  payload        TEXT NOT NULL CHECK (json_valid(payload)),
  token_sha256   TEXT NOT NULL,
  linked_at      TEXT NOT NULL
) STRICT;
`;

// An item keeps its product's "De" (list) price with its other prices, so the cart strikes
// the same price as the product's card (docs/decisions/0020-one-price-display.md). Items added
// before it have none, and show their price alone until their next change.
const V3_ITEM_LIST_PRICE = `
ALTER TABLE order_items ADD COLUMN list_price_cents INTEGER CHECK (list_price_cents >= 0);
`;

// Issue 36: the Pix charge, an optional extension of the contract (docs/decisions/0023-pix-charge-
// extension.md). A charge is one single-use BR Code for an order's total, as a payment provider issues
// it: the current charge of an order is its newest row. At most one charge of an order is pending, and
// at most one paid, whatever the code does. The outbox also takes the Pix code sent to the chat
// ('pix-code'): SQLite cannot change a CHECK, so the table is made again with its rows.
const V4_PIX_CHARGES = `
CREATE TABLE pix_charges (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  -- the provider's id of the charge, carried in the code's field 62-05: letters and digits only
  txid          TEXT NOT NULL UNIQUE CHECK (length(txid) BETWEEN 1 AND 35 AND txid NOT GLOB '*[^A-Za-z0-9]*'),
  order_id      INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  -- the BR Code ('Pix copia e cola'): an EMV payload of at most 512 characters
  br_code       TEXT NOT NULL CHECK (length(br_code) BETWEEN 1 AND 512),
  amount_cents  INTEGER NOT NULL CHECK (amount_cents > 0),
  expires_at    TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'expired', 'canceled')),
  created_at    TEXT NOT NULL,
  paid_at       TEXT CHECK ((status = 'paid') = (paid_at IS NOT NULL))
) STRICT;
CREATE INDEX pix_charges_by_order ON pix_charges (order_id, id);
CREATE UNIQUE INDEX pix_charges_one_pending ON pix_charges (order_id) WHERE status = 'pending';
CREATE UNIQUE INDEX pix_charges_one_paid ON pix_charges (order_id) WHERE status = 'paid';

CREATE TABLE outbox_v4 (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  session_code  TEXT NOT NULL REFERENCES sessions(code),
  kind          TEXT NOT NULL CHECK (kind IN ('product', 'catalog', 'order-summary', 'pix-code')),
  payload       TEXT NOT NULL CHECK (json_valid(payload)),
  created_at    TEXT NOT NULL
) STRICT;
INSERT INTO outbox_v4 (id, session_code, kind, payload, created_at)
  SELECT id, session_code, kind, payload, created_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_v4 RENAME TO outbox;
CREATE INDEX outbox_by_session ON outbox (session_code, id);
`;

// Issue 37: the chat app's extensions (docs/decisions/0024-chat-app.md). A shop's share links carry
// its slug (src/contract/chat-app.ts SHOP_SLUG_PATTERN: lower-case letters, digits, inner hyphens, at
// most 63), one per shop; its chat addresses (WhatsApp number, Messenger page, Instagram username, web
// chat address) are a JSON object, NULL for a shop that has none. A shop from an older file gets both
// from the seed on open (seed-database.ts refreshSeed).
const V5_CHAT_APP = `
ALTER TABLE shops ADD COLUMN slug TEXT
  CHECK (slug IS NULL OR (length(slug) BETWEEN 1 AND 63 AND slug NOT GLOB '*[^a-z0-9-]*'
    AND slug NOT GLOB '-*' AND slug NOT GLOB '*-'));
CREATE UNIQUE INDEX shops_by_slug ON shops (slug) WHERE slug IS NOT NULL;
ALTER TABLE shops ADD COLUMN chat TEXT CHECK (chat IS NULL OR json_valid(chat));
`;

// Issue 37: 'Abrir no navegador' (docs/decisions/0024-parts/open-in-browser.md). A session transfer
// token opens the session in the phone's own browser, once, within two minutes. Only its SHA-256 is
// kept: the database never holds a token that could be used. A token is spent by setting spent_at.
const V6_SESSION_TRANSFERS = `
CREATE TABLE session_transfers (
  token_sha256  TEXT PRIMARY KEY CHECK (length(token_sha256) = 64 AND token_sha256 NOT GLOB '*[^0-9a-f]*'),
  session_code  TEXT NOT NULL REFERENCES sessions(code) ON DELETE CASCADE,
  created_at    TEXT NOT NULL,
  expires_at    TEXT NOT NULL CHECK (expires_at > created_at),
  spent_at      TEXT
) STRICT;
CREATE INDEX session_transfers_by_session ON session_transfers (session_code, created_at);
`;

/** Ordered migrations; the database's user_version is how many have run. */
export const MIGRATIONS: readonly string[] = [
  V1_INITIAL,
  V2_EVERY_CALL,
  V3_ITEM_LIST_PRICE,
  V4_PIX_CHARGES,
  V5_CHAT_APP,
  V6_SESSION_TRANSFERS,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
