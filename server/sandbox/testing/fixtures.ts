// What the sandbox tests set up in their own database: the demo sessions' codes, fresh sessions with
// a cart (written with SQL, so the payment and outbox tests do not depend on the item calls; addItem
// goes through the call instead), a shop's settings and rules changed to reach a behaviour the
// seeded shop does not show, and a card payload the sandbox approves.
import type { TestSandbox } from '@tests/server-harness.ts';
import { expect } from 'vitest';
import { SessionType } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { SHOP_ID } from '../seed/shop.ts';

/** Seeded sessions: a shopper with a cart and addresses, an operator, an anonymous visitor. */
export const SHOPPER = 'demo-shopper';
export const OPERATOR = 'demo-operator';
export const ANONYMOUS = 'anonymous-session';

/** demo-shopper's seeded cart: 2 × 1008 at R$ 16,49 (promotion) + 1 × 1001 at R$ 27,90. */
export const SHOPPER_CART_TOTAL = 60.88;

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

/** Adds an item through the order module's own call, so the order is what a shopper would have built. */
export async function addItem(sandbox: TestSandbox, session: string, providerId: string, quantity: number) {
  const answer = await sandbox.post('/api/order/items/', { providerId, quantity }, { session });
  expect(answer.status, answer.text).toBe(200);
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
      .prepare<
        [string],
        { price_cents: number; promotional_price_cents: number | null; list_price_cents: number | null }
      >('SELECT price_cents, promotional_price_cents, list_price_cents FROM products WHERE id = ?')
      .get(line.productId);
    if (!product) throw new Error(`no product ${line.productId}`);
    db.prepare(
      `INSERT INTO order_items (order_id, idx, product_id, sku, quantity, unit_price_cents, promotional_price_cents,
         list_price_cents)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      orderId,
      idx++,
      line.productId,
      line.productId,
      line.quantity,
      product.price_cents,
      product.promotional_price_cents,
      (product.list_price_cents ?? 0) > product.price_cents ? product.list_price_cents : null,
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

/** Merges `patch` into a shop's settings (what GET /api/shop/settings answers). */
export function patchShopSettings(db: SandboxDb, patch: Record<string, unknown>, shopId = SHOP_ID): void {
  const row = db
    .prepare<[string], { settings: string }>('SELECT settings FROM shops WHERE id = ?')
    .get(shopId);
  if (!row) throw new Error(`no shop ${shopId}`);
  const settings = { ...(JSON.parse(row.settings) as Record<string, unknown>), ...patch };
  db.prepare('UPDATE shops SET settings = ? WHERE id = ?').run(JSON.stringify(settings), shopId);
}

/** Changes one value of the seeded shop's server rules, e.g. ('$.payment.enablePixPayment', false). */
export function patchShopRules(db: SandboxDb, path: string, value: unknown): void {
  db.prepare('UPDATE shops SET rules = json_set(rules, ?, json(?)) WHERE id = ?').run(
    path,
    JSON.stringify(value),
    SHOP_ID,
  );
}

export function markShippingRestricted(db: SandboxDb, productId: string): void {
  db.prepare('UPDATE products SET has_shipping_restriction = 1 WHERE id = ?').run(productId);
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

/** demo-pix's contact, as the checkout's form sends it on the finish. */
export const PIX_CONTACT = {
  name: 'Camila Duarte',
  email: 'camila.duarte@exemplo.com.br',
  document: '529.982.247-25',
  isCorporate: false,
};

/** A fresh copy of a demo session (its own contact and order, sandbox-only call): its code. */
export async function freshSessionCode(sandbox: TestSandbox, from: string): Promise<string> {
  const answer = await sandbox.post('/api/sandbox/sessions', { from });
  expect(answer.status, answer.text).toBe(201);
  return (answer.body as { data: { code: string } }).data.code;
}
