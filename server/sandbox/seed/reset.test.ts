import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../db/schema.ts';
import type { SandboxDb } from '../db/types.ts';
import { dump } from '../testing/dump.ts';
import { openSandboxDb } from './open.ts';
import { resetSandboxDb, SandboxResetRefused } from './reset.ts';
import { SCENARIO_SESSIONS } from './scenarios.ts';
import { SEEDED_SESSIONS } from './sessions.ts';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-reset-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const tempFile = () => join(dir, `sandbox-${++files}.db`);

const SEEDED_ITEMS = [...SEEDED_SESSIONS, ...SCENARIO_SESSIONS].reduce((sum, s) => sum + s.cart.length, 0);
const countItems = (db: SandboxDb) =>
  (db.prepare('SELECT COUNT(*) AS n FROM order_items').get() as { n: number }).n;

/** What resetSandboxDb threw, for a look at its kind. */
function refusal(reset: () => unknown): SandboxResetRefused {
  try {
    reset();
  } catch (error) {
    if (error instanceof SandboxResetRefused) return error;
    throw error;
  }
  throw new Error('the reset went through');
}

describe('resetSandboxDb', () => {
  it('throws away changes and leaves a freshly seeded database', () => {
    const file = tempFile();
    const db = openSandboxDb(file);
    db.prepare('DELETE FROM order_items').run();
    db.close();
    expect(resetSandboxDb(file)).toEqual({ created: false, previousVersion: SCHEMA_VERSION });
    const fresh = openSandboxDb(file);
    try {
      expect(countItems(fresh)).toBe(SEEDED_ITEMS);
    } finally {
      fresh.close();
    }
  });

  it('leaves the very rows of a newly created database, sequence of order ids included', () => {
    const file = tempFile();
    const db = openSandboxDb(file);
    db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('other', 5)").run();
    db.prepare("UPDATE sqlite_sequence SET seq = seq + 100 WHERE name = 'orders'").run();
    db.prepare("DELETE FROM sessions WHERE code = 'anonymous-session'").run();
    db.close();
    resetSandboxDb(file);
    const reset = new Database(file, { readonly: true });
    const fresh = openSandboxDb(':memory:');
    try {
      expect(dump(reset)).toEqual(dump(fresh));
      expect(reset.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    } finally {
      reset.close();
      fresh.close();
    }
  });

  it('is seen at once by a connection already open (a running server), through its prepared statements', () => {
    const file = tempFile();
    const server = openSandboxDb(file);
    try {
      const items = server.prepare('SELECT COUNT(*) AS n FROM order_items');
      server.prepare('DELETE FROM order_items').run();
      expect(items.get()).toEqual({ n: 0 });
      resetSandboxDb(file);
      // SQLite re-prepares the statement after the schema change instead of failing.
      expect(items.get()).toEqual({ n: SEEDED_ITEMS });
      // and the connection still writes, foreign keys on
      expect(() => server.prepare("DELETE FROM shops WHERE id = 'emporio-bom-preco'").run()).toThrow(
        /FOREIGN KEY/,
      );
    } finally {
      server.close();
    }
  });

  it('creates and seeds a missing file', () => {
    const file = join(dir, 'missing', 'sandbox.db');
    expect(resetSandboxDb(file)).toEqual({ created: true });
    const db = openSandboxDb(file);
    try {
      expect(countItems(db)).toBe(SEEDED_ITEMS);
    } finally {
      db.close();
    }
  });

  it('seeds an empty file', () => {
    const file = tempFile();
    writeFileSync(file, '');
    expect(resetSandboxDb(file)).toEqual({ created: false, previousVersion: 0 });
    const db = openSandboxDb(file);
    try {
      expect(countItems(db)).toBe(SEEDED_ITEMS);
    } finally {
      db.close();
    }
  });

  it('resets a database a newer sandbox wrote (what opening it tells the user to do)', () => {
    const file = tempFile();
    const db = openSandboxDb(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.exec('CREATE TABLE from_the_future (id INTEGER PRIMARY KEY)');
    db.close();
    expect(resetSandboxDb(file)).toEqual({ created: false, previousVersion: SCHEMA_VERSION + 1 });
    const again = openSandboxDb(file);
    try {
      expect(again.prepare("SELECT name FROM sqlite_master WHERE name = 'from_the_future'").get()).toBe(
        undefined,
      );
    } finally {
      again.close();
    }
  });

  it('refuses a memory database', () => {
    expect(refusal(() => resetSandboxDb(':memory:')).kind).toBe('memory');
  });

  it('refuses a file that is not SQLite, and leaves it as it was', () => {
    const file = tempFile();
    writeFileSync(file, 'SANDBOX_DB=.data/sandbox.db\n');
    expect(refusal(() => resetSandboxDb(file)).kind).toBe('not-sqlite');
    expect(readFileSync(file, 'utf8')).toBe('SANDBOX_DB=.data/sandbox.db\n');
  });

  it("refuses another program's SQLite database (even with a shops table), and leaves it as it was", () => {
    const file = tempFile();
    const other = new Database(file);
    other.exec("CREATE TABLE shops (id TEXT); INSERT INTO shops VALUES ('mine'); PRAGMA user_version = 1");
    other.close();
    const before = readFileSync(file);
    expect(refusal(() => resetSandboxDb(file)).kind).toBe('not-sandbox');
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('gives up when another writer holds the file past the busy timeout, and changes nothing', () => {
    const file = tempFile();
    const writer = openSandboxDb(file);
    try {
      writer.prepare('DELETE FROM order_items').run();
      writer.exec('BEGIN IMMEDIATE');
      const refused = refusal(() => resetSandboxDb(file, { busyTimeoutMs: 50 }));
      expect(refused.kind).toBe('busy');
      expect(refused.message).toMatch(/50 ms; nada foi alterado/);
      writer.exec('ROLLBACK');
      expect(countItems(writer)).toBe(0);
    } finally {
      writer.close();
    }
  });
});
