// A data file made before the Pix charge (schema 3) is brought up on open: what its outbox held is
// kept, the outbox takes the Pix code a chat receives, and the charges' table refuses what no provider
// would hold (two payable codes for one order, a paid charge without its time).

import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from './open.ts';
import { MIGRATIONS } from './schema.ts';

const opened: Database.Database[] = [];
afterAll(() => {
  for (const db of opened) db.close();
});

/** An in-memory database at schema 3, with a session, an order and an outbox row, as an older sandbox left it. */
function beforePixCharges(): Database.Database {
  const db = new Database(':memory:');
  opened.push(db);
  db.pragma('foreign_keys = ON');
  for (const [version, sql] of MIGRATIONS.slice(0, 3).entries()) {
    db.exec(sql);
    db.pragma(`user_version = ${version + 1}`);
  }
  db.exec(`
    INSERT INTO shops (id, name, settings, rules) VALUES ('loja', 'Loja', '{}', '{}');
    INSERT INTO sessions (code, shop_id, session_type, channel_type, channel_id, created_at)
      VALUES ('sessao', 'loja', 0, 1, 'whatsapp', '2026-01-01T00:00:00.000Z');
    INSERT INTO orders (id, session_code, shop_id, user_id, created_at, updated_at)
      VALUES (100001, 'sessao', 'loja', 'cliente', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
    INSERT INTO outbox (session_code, kind, payload, created_at)
      VALUES ('sessao', 'order-summary', '{"text":"Resumo"}', '2026-01-01T00:00:00.000Z');
  `);
  return db;
}

const charge = (txid: string, status: string, paidAt: string | null = null) =>
  `INSERT INTO pix_charges (txid, order_id, br_code, amount_cents, expires_at, status, created_at, paid_at)
   VALUES ('${txid}', 100001, '000201', 6088, '2026-01-01T00:10:00.000Z', '${status}', '2026-01-01T00:00:00.000Z', ${paidAt === null ? 'NULL' : `'${paidAt}'`})`;

describe('a sandbox data file from before the Pix charge', () => {
  it('keeps what its outbox held, and the outbox takes the Pix code sent to the chat', () => {
    const db = beforePixCharges();
    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.prepare('SELECT id, kind, payload FROM outbox').all()).toEqual([
      { id: 1, kind: 'order-summary', payload: '{"text":"Resumo"}' },
    ]);
    db.prepare(
      "INSERT INTO outbox (session_code, kind, payload, created_at) VALUES ('sessao', 'pix-code', '{}', 'agora')",
    ).run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO outbox (session_code, kind, payload, created_at) VALUES ('sessao', 'boleto', '{}', 'agora')",
        )
        .run(),
    ).toThrow(/CHECK/);
  });

  it('holds at most one payable and one paid code per order, and a paid one with its time', () => {
    const db = beforePixCharges();
    migrate(db);
    db.exec(charge('TXIDPENDENTE0000000000001', 'pending'));
    expect(() => db.exec(charge('TXIDPENDENTE0000000000002', 'pending'))).toThrow(/UNIQUE/);
    db.exec(charge('TXIDEXPIRADO0000000000001', 'expired'));
    db.exec(charge('TXIDEXPIRADO0000000000002', 'expired'));
    expect(() => db.exec(charge('TXIDPAGO00000000000000001', 'paid'))).toThrow(/CHECK/);
    db.exec(charge('TXIDPAGO00000000000000001', 'paid', '2026-01-01T00:05:00.000Z'));
    expect(() => db.exec(charge('TXIDPAGO00000000000000002', 'paid', '2026-01-01T00:06:00.000Z'))).toThrow(
      /UNIQUE/,
    );
    expect(() => db.exec(charge('TXID-COM-HIFEN', 'expired'))).toThrow(/CHECK/);
  });
});
