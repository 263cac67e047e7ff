#!/usr/bin/env node
// What the Docker image's runtime stage would hold, measured without a Docker engine: the
// production node_modules installed as the Dockerfile does (npm ci --omit=dev, native leftovers
// pruned) in a scratch folder, plus dist/ and dist-server/ from the last build and the sandbox's
// pictures. Prints the size of each layer and the largest packages. Run `npm run build` first.
//   npm run image:contents
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pruneNativeLeftovers } from './prune-native-leftovers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MB = 1024 * 1024;

function sizeOf(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}
const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`.padStart(9);

for (const built of ['dist/index.html', 'dist-server/start.mjs']) {
  if (!existsSync(path.join(ROOT, built))) {
    process.stderr.write(`${built} is missing: run npm run build first.\n`);
    process.exit(1);
  }
}

const scratch = mkdtempSync(path.join(tmpdir(), 'image-contents-'));
try {
  for (const file of ['package.json', 'package-lock.json'])
    copyFileSync(path.join(ROOT, file), path.join(scratch, file));
  process.stdout.write('Installing the production dependencies as the image does (npm ci --omit=dev)...\n');
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: scratch,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const modules = path.join(scratch, 'node_modules');
  const freed = pruneNativeLeftovers(modules);
  const packages = readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@')
        ? readdirSync(path.join(modules, name)).map((inner) => `${name}/${inner}`)
        : [name],
    );
  const layers = [
    ['node_modules (production only)', sizeOf(modules)],
    ['dist/ (the SPA, with its .br and .gz copies)', sizeOf(path.join(ROOT, 'dist'))],
    ['dist-server/ (the bundled server)', sizeOf(path.join(ROOT, 'dist-server'))],
    ["the sandbox's pictures", sizeOf(path.join(ROOT, 'server/sandbox/media/pictures'))],
    ['package.json', sizeOf(path.join(ROOT, 'package.json'))],
  ];
  const total = layers.reduce((sum, [, bytes]) => sum + bytes, 0);
  process.stdout.write(`\nThe image's own files (over the node:24-bookworm-slim base):\n`);
  for (const [name, bytes] of layers) process.stdout.write(`  ${mb(bytes)}  ${name}\n`);
  process.stdout.write(`  ${mb(total)}  in all (native build leftovers pruned: ${mb(freed).trim()})\n`);
  process.stdout.write(`\n${packages.length} packages; the largest:\n`);
  const largest = packages
    .map((name) => [name, sizeOf(path.join(modules, name))])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8);
  for (const [name, bytes] of largest) process.stdout.write(`  ${mb(bytes)}  ${name}\n`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
