// A sandbox data file made before the chat app's extensions (schema 4) is brought up on open: its
// shops take a slug for their share links and their chat addresses (the seed fills them, see
// seed-database.ts refreshSeed), and the table refuses a slug no share link could carry.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from './open.ts';
import { MIGRATIONS } from './schema.ts';

const opened: Database.Database[] = [];
afterAll(() => {
  for (const db of opened) db.close();
});

function beforeChatApp(): Database.Database {
  const db = new Database(':memory:');
  opened.push(db);
  db.pragma('foreign_keys = ON');
  for (const [version, sql] of MIGRATIONS.slice(0, 4).entries()) {
    db.exec(sql);
    db.pragma(`user_version = ${version + 1}`);
  }
  db.exec(`INSERT INTO shops (id, name, settings, rules) VALUES ('loja', 'Loja', '{}', '{}')`);
  return db;
}

const setSlug = (db: Database.Database, id: string, slug: string) =>
  db.prepare('UPDATE shops SET slug = ? WHERE id = ?').run(slug, id);

describe('a sandbox data file from before the chat app extensions', () => {
  it('keeps its shops, which take a slug and chat addresses', () => {
    const db = beforeChatApp();
    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.prepare('SELECT id, slug, chat FROM shops').all()).toEqual([
      { id: 'loja', slug: null, chat: null },
    ]);
    setSlug(db, 'loja', 'loja-do-bairro');
    db.prepare(`UPDATE shops SET chat = '{"whatsApp":"5511940028922"}' WHERE id = 'loja'`).run();
    expect(() => db.prepare(`UPDATE shops SET chat = 'não é json' WHERE id = 'loja'`).run()).toThrow(/CHECK/);
  });

  it('refuses a slug a share link cannot carry, and the same slug for two shops', () => {
    const db = beforeChatApp();
    migrate(db);
    db.exec(`INSERT INTO shops (id, name, settings, rules) VALUES ('outra', 'Outra', '{}', '{}')`);
    for (const bad of ['', 'Maiuscula', '-borda', 'borda-', 'com espaço', 'a/../b', 'x'.repeat(64)]) {
      expect(() => setSlug(db, 'loja', bad), bad).toThrow(/CHECK/);
    }
    setSlug(db, 'loja', 'emporio');
    expect(() => setSlug(db, 'outra', 'emporio')).toThrow(/UNIQUE/);
  });
});
