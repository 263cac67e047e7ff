import { fileURLToPath } from 'node:url';

/** The repository root (server/sandbox/db → three levels up). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Default sandbox data file: `.data/sandbox.db` at the repository root (git-ignored). */
export const DEFAULT_SANDBOX_DATA_FILE = fileURLToPath(new URL('../../../.data/sandbox.db', import.meta.url));
