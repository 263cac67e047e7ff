// House-rule tests read the SPA's own sources as text (src/app/address-never-holds-a-code.test.ts,
// src/lib/one-transport.test.ts): which modules use a pattern, comments left out.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '../src');

/** Every source file of the SPA, tests left out, as a path relative to src/. */
function sources(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(full);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [path.relative(SRC, full)];
  });
}

/** The SPA's modules (paths relative to src/) whose code, comments left out, matches `pattern`. */
export function modulesUsing(pattern: RegExp): string[] {
  return sources().filter((file) => {
    const code = readFileSync(path.join(SRC, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:])\/\/.*$/gm, '$1');
    return pattern.test(code);
  });
}

/** A source file of the SPA, as text. */
export const sourceOf = (file: string): string => readFileSync(path.join(SRC, file), 'utf8');
