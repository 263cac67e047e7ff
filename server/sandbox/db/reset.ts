import { rmSync } from 'node:fs';
import { openSandboxDb } from './open.ts';

/** Deletes a sandbox data file and seeds a fresh one in its place. */
export function resetSandboxDb(file: string): void {
  // WAL mode keeps two companion files next to the database; all three go.
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  openSandboxDb(file).close();
}
