import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../db/schema.ts';
import { isValidCpf } from '../rules/br-documents.ts';
import { dump } from '../testing/dump.ts';
import { openSandboxDb } from './open.ts';
import { SCENARIO_SESSIONS, SCENARIO_SHOPS } from './scenarios.ts';
import { FIRST_ORDER_ID } from './seed-database.ts';
import { SEEDED_SESSIONS } from './sessions.ts';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
  tempDirs.push(dir);
  return join(dir, 'nested', 'sandbox.db');
}

describe('the seeded database', () => {
  it('is the same on every seed: two fresh databases hold identical rows', () => {
    const a = openSandboxDb(':memory:');
    const b = openSandboxDb(':memory:');
    try {
      expect(dump(b)).toEqual(dump(a));
    } finally {
      a.close();
      b.close();
    }
  });

  it('holds a believable shop: 8+ categories with subcategories, 40+ pt-BR products, 2 collections', () => {
    const db = openSandboxDb(':memory:');
    try {
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      expect(count('SELECT COUNT(*) AS n FROM categories WHERE parent_id IS NULL')).toBeGreaterThanOrEqual(8);
      expect(
        count(`SELECT COUNT(*) AS n FROM categories c WHERE parent_id IS NULL
               AND NOT EXISTS (SELECT 1 FROM categories s WHERE s.parent_id = c.id)`),
      ).toBe(0);
      expect(count('SELECT COUNT(*) AS n FROM products')).toBeGreaterThanOrEqual(40);
      expect(
        count("SELECT COUNT(*) AS n FROM products WHERE name LIKE '%ç%' OR name LIKE '%ã%'"),
      ).toBeGreaterThan(3);
      expect(
        count('SELECT COUNT(*) AS n FROM products WHERE list_price_cents > price_cents'),
      ).toBeGreaterThan(0);
      expect(
        count('SELECT COUNT(*) AS n FROM products WHERE promotional_price_cents < price_cents'),
      ).toBeGreaterThan(0);
      expect(count('SELECT COUNT(*) AS n FROM products WHERE top_rank IS NOT NULL')).toBeGreaterThanOrEqual(
        20,
      );
      expect(count('SELECT COUNT(*) AS n FROM collections')).toBe(2);
      const names = db
        .prepare<[], { name: string }>('SELECT name FROM products')
        .all()
        .map((r) => r.name);
      expect(names).toEqual(
        expect.arrayContaining(['Açúcar Refinado União 1kg', 'Café Torrado e Moído Pilão 500g']),
      );
    } finally {
      db.close();
    }
  });

  it('gives every identified demo customer a valid CPF', () => {
    const db = openSandboxDb(':memory:');
    try {
      const customers = db
        .prepare<[], { customer: string }>('SELECT customer FROM user_shops WHERE is_anonymous = 0')
        .all()
        .map((r) => JSON.parse(r.customer) as { document: string });
      expect(customers.length).toBeGreaterThan(0);
      for (const c of customers) expect(isValidCpf(c.document), c.document).toBe(true);
    } finally {
      db.close();
    }
  });

  it('refuses a second current order for a session (one current order per session)', () => {
    const db = openSandboxDb(':memory:');
    try {
      const insert = db.prepare(
        `INSERT INTO orders (session_code, shop_id, user_id, created_at, updated_at)
         VALUES ('demo-shopper', 'emporio-bom-preco', 'cliente-0001', 'x', 'x')`,
      );
      expect(() => insert.run()).toThrow(/UNIQUE/);
    } finally {
      db.close();
    }
  });
});

describe('openSandboxDb on a file', () => {
  it('creates the folder, uses WAL, records the schema version and seeds once', () => {
    const file = tempFile();
    const first = openSandboxDb(file);
    expect(first.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(first.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(first.pragma('foreign_keys', { simple: true })).toBe(1);
    first.prepare('UPDATE order_items SET quantity = 7 WHERE idx = 0').run();
    first.close();

    const again = openSandboxDb(file);
    try {
      // Reopening keeps the data: no second seed on top of the first.
      expect((again.prepare('SELECT COUNT(*) AS n FROM shops').get() as { n: number }).n).toBe(
        1 + SCENARIO_SHOPS.length,
      );
      expect(
        (again.prepare('SELECT quantity FROM order_items WHERE idx = 0').get() as { quantity: number })
          .quantity,
      ).toBe(7);
    } finally {
      again.close();
    }
  });

  it('refuses a database written by a newer sandbox with a message that says what to do', () => {
    const file = tempFile();
    const db = openSandboxDb(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openSandboxDb(file)).toThrow(/sandbox:reset/);
  });
});

const SEEDED_CARTS = [...SEEDED_SESSIONS, ...SCENARIO_SESSIONS].map((session) => session.cart);

describe('order ids', () => {
  it('count up from the seeded order, with one sequence row for the orders table', () => {
    const db = openSandboxDb(':memory:');
    try {
      const rows = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'orders'").all();
      // one seeded order per session with a cart, numbered from FIRST_ORDER_ID
      expect(rows).toEqual([{ seq: FIRST_ORDER_ID + SEEDED_CARTS.filter((c) => c.length > 0).length - 1 }]);
    } finally {
      db.close();
    }
  });
});

describe('a data file made before the demo seed grew', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-refresh-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gets the new scenario sessions and the current shop settings, and keeps what was done in it', () => {
    const file = join(dir, 'old.db');
    const first = openSandboxDb(file);
    // As an older version left it: one scenario missing, a scenario shop with other settings, and a
    // change the user made to a session that must survive.
    first.prepare("DELETE FROM outbox WHERE session_code = 'demo-retirada'").run();
    const retirada = first.prepare("SELECT id FROM orders WHERE session_code = 'demo-retirada'").get() as {
      id: number;
    };
    first.prepare('DELETE FROM order_items WHERE order_id = ?').run(retirada.id);
    first.prepare('DELETE FROM orders WHERE id = ?').run(retirada.id);
    first.prepare("DELETE FROM sessions WHERE code = 'demo-retirada'").run();
    first.prepare("DELETE FROM addresses WHERE user_shop_id = 'cliente-retirada'").run();
    first.prepare("DELETE FROM user_shops WHERE id = 'cliente-retirada'").run();
    first.prepare("UPDATE shops SET settings = '{}' WHERE id = 'emporio-precos-manuais'").run();
    first.prepare("UPDATE orders SET status = 3 WHERE session_code = 'demo-shopper'").run();
    first.close();

    const again = openSandboxDb(file);
    try {
      expect(again.prepare("SELECT 1 AS ok FROM sessions WHERE code = 'demo-retirada'").get()).toEqual({
        ok: 1,
      });
      const settings = again
        .prepare("SELECT settings FROM shops WHERE id = 'emporio-precos-manuais'")
        .get() as {
        settings: string;
      };
      expect(JSON.parse(settings.settings)).toMatchObject({ enableManualPrices: true });
      const shopper = again
        .prepare("SELECT status FROM orders WHERE session_code = 'demo-shopper'")
        .get() as {
        status: number;
      };
      expect(shopper.status).toBe(3);
    } finally {
      again.close();
    }
  });

  it('gives the seeded products the current pictures, and keeps the rest of their details', () => {
    const file = join(dir, 'pictures.db');
    const fresh = openSandboxDb(file);
    const detailsOf = (db: typeof fresh, id: string) =>
      JSON.parse(
        (db.prepare('SELECT details FROM products WHERE id = ?').get(id) as { details: string }).details,
      );
    const current = { rice: detailsOf(fresh, '1001'), shirt: detailsOf(fresh, '11103') };
    // As the monogram version left them: SVG addresses, and a description edited since.
    const old = (details: { dimensions: { imageUrl: string | null }[] }, id: string) => ({
      ...details,
      description: 'editada',
      images: [{ url: `/api/sandbox/media/produto-${id}.svg` }],
      dimensions: details.dimensions.map((d) => ({
        ...d,
        imageUrl: `/api/sandbox/media/produto-${id}-2.svg`,
      })),
    });
    const update = fresh.prepare('UPDATE products SET details = ? WHERE id = ?');
    update.run(JSON.stringify(old(current.rice, '1001')), '1001');
    update.run(JSON.stringify(old(current.shirt, '11103')), '11103');
    fresh.close();

    const again = openSandboxDb(file);
    try {
      const rice = detailsOf(again, '1001');
      const shirt = detailsOf(again, '11103');
      expect(rice.images).toEqual(current.rice.images);
      expect(shirt.images).toEqual(current.shirt.images);
      expect(shirt.dimensions).toEqual(current.shirt.dimensions);
      expect(rice.description).toBe('editada');
    } finally {
      again.close();
    }
  });
});
