import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: one level above this module, which is `server/` when it runs from the
 * sources (tests, `npm run dev`) and `dist-server/` once bundled (`npm start`,
 * scripts/build-server.mjs). Every path the server finds by itself starts here.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
