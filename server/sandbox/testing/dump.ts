// Every row of every table of a sandbox database: to compare two databases, and to prove a secret
// (card number, token, document) is stored nowhere.
import type { SandboxDb } from '../db/types.ts';

/** Every row of every table (sqlite_sequence included), in a stable order. */
export function dump(db: SandboxDb): Record<string, unknown[]> {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all();
  return Object.fromEntries(
    tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY 1, 2`).all()]),
  );
}

/** Every row of every table, as one text, to prove a secret is stored nowhere. */
export function wholeDatabaseText(db: SandboxDb): string {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all()
    .map((t) => t.name);
  return JSON.stringify(tables.map((name) => db.prepare(`SELECT * FROM "${name}"`).all()));
}
