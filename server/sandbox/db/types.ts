// The sandbox database's type, apart from the code that opens it (open.ts) and the seed that fills it
// (../seed/): the stores and the seed name the type without importing the opener, so no import runs
// in a circle through it.
import type Database from 'better-sqlite3';

export type SandboxDb = Database.Database;
