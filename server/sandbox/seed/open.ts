// The sandbox database as the server and the tests use it: opened and migrated (db/open.ts), then
// seeded when it holds no shop, or brought up to the current demo seed (see refreshSeed).
import { openDatabase, type SandboxDb } from '../db/open.ts';
import { refreshSeed, seedDatabase } from './seed-database.ts';

/**
 * Opens the sandbox database, brings its schema up to date and seeds it when it holds no shop (or
 * adds what the demo seed gained since the file was made, see refreshSeed).
 * `':memory:'` gives a private, fresh database (what the tests use); a file path keeps data between
 * runs, in WAL mode so reads never wait for the writer.
 */
export function openSandboxDb(file: string | ':memory:'): SandboxDb {
  const db = openDatabase(file);
  try {
    const shops = db.prepare('SELECT COUNT(*) AS n FROM shops').get() as { n: number };
    if (shops.n === 0) seedDatabase(db);
    else refreshSeed(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
