// npm run sandbox:reset: deletes .data/sandbox.db and seeds a fresh one.
// Stop a running `npm start` first: its open connection would keep the old data alive.
import { relative } from 'node:path';
import { REPO_ROOT } from '../repo-root.ts';
import { DEFAULT_SANDBOX_DATA_FILE } from './db/paths.ts';
import { resetSandboxDb } from './db/reset.ts';

resetSandboxDb(DEFAULT_SANDBOX_DATA_FILE);
process.stdout.write(
  `Sandbox reiniciado: ${relative(REPO_ROOT, DEFAULT_SANDBOX_DATA_FILE)} recriado com os dados de demonstração.\n`,
);
