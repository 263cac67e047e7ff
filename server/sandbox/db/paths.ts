import path from 'node:path';
import { REPO_ROOT } from '../../repo-root.ts';

/** Default sandbox data file: `.data/sandbox.db` at the repository root (git-ignored). */
export const DEFAULT_SANDBOX_DATA_FILE = path.join(REPO_ROOT, '.data/sandbox.db');
