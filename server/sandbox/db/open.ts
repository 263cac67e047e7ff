import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './schema.ts';

import type { SandboxDb } from './types.ts';

export type { SandboxDb };

/**
 * Opens a sandbox database and brings its schema up to date, without any data: seeding it is
 * seed/open.ts's part (openSandboxDb), so this folder never depends on the demo seed.
 * `':memory:'` gives a private, fresh database; a file path keeps data between runs, in WAL mode so
 * reads never wait for the writer.
 */
export function openDatabase(file: string | ':memory:'): SandboxDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    if (file !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // Another process (sandbox:reset, a second start) may hold the lock for a moment.
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Runs the migrations the database has not had yet (each in its own transaction, or savepoint). */
export function migrate(db: SandboxDb): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `O banco do sandbox tem o esquema ${current}, mais novo que este código (${MIGRATIONS.length}). ` +
        'Rode npm run sandbox:reset.',
    );
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] ?? '');
      // user_version cannot take a bound parameter; the value is our own integer.
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
