#!/usr/bin/env node
// The landing route's JavaScript budget (docs/decisions/0004-bundle-budget.md).
// Follows Vite's manifest from index.html's entry, through its static imports, to the catalogue
// route's chunk and its static imports: exactly what a shopper's phone downloads to see /catalog.
// Sizes are brotli at the highest quality, as a CDN or the BFF would serve them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const DIST = path.resolve(process.argv[2] ?? 'dist');
const LANDING_ROUTE = 'src/app/routes/catalog.tsx';
const BUDGET_BYTES = 170 * 1024; // CI fails above this; the aim (issue 11) is 130 KB.

const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    seen.add(key);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

const brotliSize = (file) =>
  brotliCompressSync(readFileSync(path.join(DIST, file)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('No entry chunk in the Vite manifest');
if (!manifest[LANDING_ROUTE]) throw new Error(`${LANDING_ROUTE} has no chunk of its own: is it still lazy?`);

const landing = closure([entry, LANDING_ROUTE]);
const files = [...landing].map((key) => manifest[key].file);
const rows = files.map((file) => ({ file, bytes: brotliSize(file) })).sort((a, b) => b.bytes - a.bytes);
const total = rows.reduce((sum, row) => sum + row.bytes, 0);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `Landing route (/catalog) JavaScript, brotli: ${kb(total)} in ${rows.length} files (budget ${kb(BUDGET_BYTES)})`,
);
for (const row of rows) console.log(`  ${kb(row.bytes).padStart(9)}  ${row.file}`);

const others = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && key !== LANDING_ROUTE)
  .map(([key]) => {
    const extra = [...closure([key])].filter((k) => !landing.has(k));
    return { key, bytes: extra.reduce((sum, k) => sum + brotliSize(manifest[k].file), 0) };
  });
console.log('Other routes, JavaScript on top of the landing route:');
for (const row of others) console.log(`  ${kb(row.bytes).padStart(9)}  ${row.key}`);

if (total > BUDGET_BYTES) {
  console.error(`The landing route's JavaScript (${kb(total)}) is over the budget of ${kb(BUDGET_BYTES)}.`);
  process.exit(1);
}
