import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './repo-root.ts';

/**
 * `npm start` builds the SPA only when the build is missing or stale. Stale means the
 * fingerprint of the SPA's inputs (paths, sizes and modification times) differs from the one
 * written by the last build, so a checkout, an edit or a deleted file all trigger a rebuild.
 */
export const ROOT = REPO_ROOT;
const INPUT_DIRS = ['src', 'public', 'build'];
const INPUT_FILES = ['index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
const TEST_FILE = /\.test\.tsx?$/;
export const FINGERPRINT_FILE = 'dist/.build-fingerprint';

function* walk(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!TEST_FILE.test(entry.name)) yield full;
  }
}

export function inputFingerprint(root = ROOT): string {
  const files = [
    ...INPUT_DIRS.flatMap((dir) => [...walk(path.join(root, dir))]),
    ...INPUT_FILES.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const stat = statSync(file);
    hash.update(`${path.relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

export function writeFingerprint(root = ROOT): void {
  writeFileSync(path.join(root, FINGERPRINT_FILE), inputFingerprint(root));
}

export function isBuildStale(root = ROOT): boolean {
  const file = path.join(root, FINGERPRINT_FILE);
  if (!existsSync(path.join(root, 'dist/index.html')) || !existsSync(file)) return true;
  // Without the SPA's sources (a deploy image holds dist/ and the server only), the build is what there is.
  if (!existsSync(path.join(root, 'index.html'))) return false;
  return readFileSync(file, 'utf8') !== inputFingerprint(root);
}

/** Builds when needed; returns false when the build failed. */
export function ensureBuild(log: (line: string) => void, root = ROOT): boolean {
  if (!isBuildStale(root)) return true;
  log('Building the storefront (the build is missing or older than the sources)...');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status === 0;
}
