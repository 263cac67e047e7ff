#!/usr/bin/env node
// Removes what compiling a native package leaves in node_modules: its C/C++ sources, the build's
// object files, makefiles and static libraries. Only the compiled addon (build/Release/*.node) and
// the JavaScript stay. better-sqlite3 (the sandbox's database) is the one native package today: its
// sources and objects are ~25 MB of its 28, when it had to compile (no prebuilt binary reachable).
// The Docker image runs it on its production node_modules; `npm run image:contents` measures them.
//   node scripts/prune-native-leftovers.mjs [node_modules]
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_FILE = /\.(c|cc|cpp|cxx|h|hh|hpp|gyp|gypi|mk|makefile|a|o|d|lib|obj|pdb)$/i;
const BUILD_ONLY_NAMES = new Set(['Makefile', 'config.gypi', 'obj', 'obj.target', '.deps', 'deps', 'src']);

/** Packages with a binding.gyp: the ones node-gyp builds. */
function* nativePackages(modules) {
  if (!existsSync(modules)) return;
  for (const entry of readdirSync(modules)) {
    const dir = path.join(modules, entry);
    if (entry.startsWith('@')) yield* nativePackages(dir);
    else if (existsSync(path.join(dir, 'binding.gyp'))) yield dir;
    const nested = path.join(dir, 'node_modules');
    if (!entry.startsWith('@') && existsSync(nested)) yield* nativePackages(nested);
  }
}

/** Deletes build-only files under dir; keeps *.node addons and JavaScript. Returns the bytes freed. */
function prune(dir) {
  let freed = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // lib/ holds the JavaScript; node_modules/ are packages of their own.
      if (entry.name === 'lib' || entry.name === 'node_modules') continue;
      if (BUILD_ONLY_NAMES.has(entry.name) && !holdsAddon(full)) {
        freed += sizeOf(full);
        rmSync(full, { recursive: true, force: true });
      } else freed += prune(full);
    } else if (SOURCE_FILE.test(entry.name) || BUILD_ONLY_NAMES.has(entry.name)) {
      freed += statSync(full).size;
      rmSync(full, { force: true });
    }
  }
  return freed;
}

/** Whether a folder holds an addon that is loaded (build/Release/*.node, not obj*'s copies). */
function holdsAddon(dir) {
  if (path.basename(dir).startsWith('obj')) return false;
  return readdirSync(dir, { recursive: true }).some((name) => String(name).endsWith('.node'));
}

function sizeOf(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}

export function pruneNativeLeftovers(modules) {
  let freed = 0;
  for (const dir of nativePackages(modules)) freed += prune(dir);
  return freed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const modules = path.resolve(process.argv[2] ?? 'node_modules');
  const freed = pruneNativeLeftovers(modules);
  process.stdout.write(`Native build leftovers removed: ${(freed / 1024 / 1024).toFixed(1)} MB\n`);
}
