// The sandbox database's type, apart from the code that opens and seeds it (open.ts): the stores and
// the seed name the type without importing the opener, so no import runs in a circle through it.
import type Database from 'better-sqlite3';

export type SandboxDb = Database.Database;
