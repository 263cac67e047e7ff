// Test support for the payment and outbox tests: fresh sessions with a cart, written with SQL so the
// tests do not depend on the item calls, and a scan of the whole database for text that must never
// be stored (card numbers, tokens, documents).
import { SessionType } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';

type Line = { productId: string; quantity: number };

/**
 * A new session of the seeded shop for an existing person (userShopId), with a current order
 * holding `items` at catalogue prices. Returns the session code.
 */
export function openTestSession(
  db: SandboxDb,
  code: string,
  options: { userShopId?: string; sessionType?: SessionType; items?: readonly Line[] } = {},
): string {
  const userShopId = options.userShopId ?? 'cliente-0001';
  const person = db
    .prepare<[string], { shop_id: string; channel_id: string }>(
      'SELECT shop_id, channel_id FROM user_shops WHERE id = ?',
    )
    .get(userShopId);
  if (!person) throw new Error(`no user shop ${userShopId}`);
  const at = new Date().toISOString();
  db.prepare(
    `INSERT INTO sessions (code, shop_id, session_type, channel_type, channel_id, user_shop_id, operator_name,
       created_at) VALUES (?, ?, ?, 1, 'whatsapp-5511940028922', ?, NULL, ?)`,
  ).run(code, person.shop_id, options.sessionType ?? SessionType.Contact, userShopId, at);
  const items = options.items ?? [];
  if (items.length > 0) addItems(db, code, items);
  return code;
}

/** Adds lines to the session's current order (created when missing), at catalogue prices. */
export function addItems(db: SandboxDb, code: string, items: readonly Line[]): number {
  const session = db
    .prepare<[string], { shop_id: string; user_shop_id: string }>(
      'SELECT shop_id, user_shop_id FROM sessions WHERE code = ?',
    )
    .get(code);
  if (!session) throw new Error(`no session ${code}`);
  const at = new Date().toISOString();
  let order = db
    .prepare<[string], { id: number }>('SELECT id FROM orders WHERE session_code = ? AND is_current = 1')
    .get(code);
  if (!order) {
    db.prepare(
      `INSERT INTO orders (session_code, shop_id, user_id, is_anonymous, created_at, updated_at)
       VALUES (?, ?, ?, 0, ?, ?)`,
    ).run(code, session.shop_id, session.user_shop_id, at, at);
    order = db
      .prepare<[string], { id: number }>('SELECT id FROM orders WHERE session_code = ? AND is_current = 1')
      .get(code);
  }
  if (!order) throw new Error('order not created');
  const orderId = order.id;
  const next = db
    .prepare<[number], { n: number }>(
      'SELECT COALESCE(MAX(idx) + 1, 0) AS n FROM order_items WHERE order_id = ?',
    )
    .get(orderId);
  let idx = next?.n ?? 0;
  for (const line of items) {
    const product = db
      .prepare<[string], { price_cents: number; promotional_price_cents: number | null }>(
        'SELECT price_cents, promotional_price_cents FROM products WHERE id = ?',
      )
      .get(line.productId);
    if (!product) throw new Error(`no product ${line.productId}`);
    db.prepare(
      `INSERT INTO order_items (order_id, idx, product_id, sku, quantity, unit_price_cents, promotional_price_cents)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      orderId,
      idx++,
      line.productId,
      line.productId,
      line.quantity,
      product.price_cents,
      product.promotional_price_cents,
    );
  }
  return orderId;
}

/** The id of the session's current order. */
export function currentOrderId(db: SandboxDb, code: string): number {
  const row = db
    .prepare<[string], { id: number }>('SELECT id FROM orders WHERE session_code = ? AND is_current = 1')
    .get(code);
  if (!row) throw new Error(`no current order for ${code}`);
  return row.id;
}

/** Every row of every table, as one text, to prove a secret is stored nowhere. */
export function wholeDatabaseText(db: SandboxDb): string {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all()
    .map((t) => t.name);
  return JSON.stringify(tables.map((name) => db.prepare(`SELECT * FROM "${name}"`).all()));
}

/**
 * A card payload the sandbox approves (test card 4111 1111 1111 1111) with a valid holder and billing
 * address; pass what a test varies.
 */
export function approvedCardPayload(overrides: { providerId: string; installments: number }) {
  return {
    number: '4111111111111111',
    name: 'TITULAR DE TESTE',
    securityCode: '123',
    expiryMonth: '12',
    expiryYear: String(new Date().getUTCFullYear() + 3),
    document: '935.411.347-80',
    zipCode: '01310-200',
    address: 'Avenida Paulista',
    addressNumber: '1578',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    ...overrides,
  };
}
