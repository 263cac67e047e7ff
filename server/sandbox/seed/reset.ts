// Puts a sandbox data file back to the demo seed IN PLACE: one IMMEDIATE transaction drops every
// schema object, runs the migrations and the seed again and commits. A running sandbox keeps its own
// connection to the same file, so its next query reads the fresh data (SQLite re-prepares a statement
// after a schema change). Deleting the file instead, as this once did, left such a server reading the
// deleted file's old data while the reset reported success.
import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { migrate } from '../db/open.ts';
import type { SandboxDb } from '../db/types.ts';
import { openSandboxDb } from './open.ts';
import { seedDatabase } from './seed-database.ts';

export type RefusalKind = 'memory' | 'not-sqlite' | 'not-sandbox' | 'busy';

/** A reset that did not happen, with the reason in a Portuguese sentence; nothing was changed. */
export class SandboxResetRefused extends Error {
  readonly kind: RefusalKind;
  constructor(kind: RefusalKind, message: string) {
    super(message);
    this.name = 'SandboxResetRefused';
    this.kind = kind;
  }
}

export type SandboxResetResult =
  | { created: true }
  /** The schema version the file had (0 for an empty database, more than ours for a newer sandbox). */
  | { created: false; previousVersion: number };

/**
 * Tables the first migration created, so every sandbox file has them. A database without all of
 * them belongs to something else, and the reset must never drop its tables.
 */
const SANDBOX_TABLES = ['shops', 'user_shops', 'sessions', 'products', 'orders', 'order_items'];

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Resets a sandbox data file to the demo seed, creating it when missing. */
export function resetSandboxDb(
  file: string,
  { busyTimeoutMs = 5000 }: { busyTimeoutMs?: number } = {},
): SandboxResetResult {
  if (file === ':memory:') {
    throw new SandboxResetRefused(
      'memory',
      'um banco em memória vive e morre com o servidor, não há arquivo para reiniciar. ' +
        'Reinicie o servidor para voltar aos dados de demonstração.',
    );
  }
  if (!existsSync(file)) {
    // WAL companions left without their database would be replayed into the new one.
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    openSandboxDb(file).close();
    return { created: true };
  }
  // Checked before SQLite opens it, so a file of another kind is only ever read.
  if (!isSqliteFile(file)) {
    throw new SandboxResetRefused('not-sqlite', 'o arquivo não é um banco SQLite; nada foi alterado.');
  }
  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${Math.round(busyTimeoutMs)}`);
    // Dropping a table that others reference would fail their foreign keys. The pragma does nothing
    // inside a transaction, so it comes first; foreign_key_check then checks the seed before commit.
    db.pragma('foreign_keys = OFF');
    const previousVersion = db
      .transaction(() => {
        const version = sandboxSchemaVersion(db);
        dropSchema(db);
        db.pragma('user_version = 0');
        migrate(db);
        seedDatabase(db);
        if ((db.pragma('foreign_key_check') as unknown[]).length > 0) {
          throw new Error('o seed do sandbox deixou referências quebradas; nada foi alterado.');
        }
        return version;
      })
      .immediate();
    return { created: false, previousVersion };
  } catch (error) {
    throw asRefusal(error, busyTimeoutMs);
  } finally {
    db.close();
  }
}

/** An empty file is an empty database to SQLite; anything else must start with its header. */
function isSqliteFile(file: string): boolean {
  if (statSync(file).size === 0) return true;
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  return head.equals(SQLITE_HEADER);
}

/** The file's schema version when it is a sandbox database (or an empty one); refuses otherwise. */
function sandboxSchemaVersion(db: SandboxDb): number {
  const version = db.pragma('user_version', { simple: true }) as number;
  const objects = schemaObjects(db);
  // An empty database holds nothing of anyone's.
  if (objects.length === 0) return version;
  const tables = new Set(objects.filter((o) => o.type === 'table').map((o) => o.name));
  if (version === 0 || !SANDBOX_TABLES.every((name) => tables.has(name))) {
    throw new SandboxResetRefused(
      'not-sandbox',
      'o banco não tem as tabelas do sandbox (é de outro programa?); nada foi alterado.',
    );
  }
  return version;
}

type SchemaObject = { type: 'table' | 'view' | 'trigger'; name: string };

/** Tables, views and triggers, without SQLite's own (sqlite_sequence): indexes go with their tables. */
function schemaObjects(db: SandboxDb): SchemaObject[] {
  return db
    .prepare<[], SchemaObject>(
      `SELECT type, name FROM sqlite_master
       WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`,
    )
    .all();
}

/** Views and triggers first, then the tables; SQLite keeps sqlite_sequence, emptied here. */
function dropSchema(db: SandboxDb): void {
  const objects = schemaObjects(db);
  for (const type of ['view', 'trigger', 'table'] as const) {
    for (const o of objects.filter((object) => object.type === type)) {
      db.exec(`DROP ${type.toUpperCase()} IF EXISTS "${o.name.replaceAll('"', '""')}"`);
    }
  }
  // The order ids count up from the seed again (a row with no table would also survive otherwise).
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get()) {
    db.exec('DELETE FROM sqlite_sequence');
  }
}

function asRefusal(error: unknown, busyTimeoutMs: number): unknown {
  if (!(error instanceof Database.SqliteError)) return error;
  if (error.code.startsWith('SQLITE_BUSY')) {
    const waited = busyTimeoutMs >= 1000 ? `${busyTimeoutMs / 1000} s` : `${busyTimeoutMs} ms`;
    return new SandboxResetRefused(
      'busy',
      `outro processo está gravando no banco há mais de ${waited}; nada foi alterado. Tente de novo.`,
    );
  }
  if (error.code === 'SQLITE_NOTADB') {
    return new SandboxResetRefused('not-sqlite', 'o arquivo não é um banco SQLite; nada foi alterado.');
  }
  return error;
}
