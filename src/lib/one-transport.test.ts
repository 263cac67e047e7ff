// Every request of the SPA to the BFF goes through one transport (lib/api-client.ts, axios), made from
// the contract's call definitions (lib/call.ts): no module sends a request of its own, and no path of
// the API is spelled outside the contract (docs/decisions/0021-one-session-path-one-transport.md).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

function sources(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(full);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [path.relative(SRC, full)];
  });
}

/** The modules whose code (comments left out) matches `pattern`. */
function usersOf(pattern: RegExp): string[] {
  return sources().filter((file) => {
    const code = readFileSync(path.join(SRC, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:])\/\/.*$/gm, '$1');
    return pattern.test(code);
  });
}

describe('one way to send', () => {
  it('no module sends a request but the transport: no fetch, XMLHttpRequest or sendBeacon of its own', () => {
    expect(usersOf(/(?<![.\w])fetch\s*\(|XMLHttpRequest/)).toEqual([]);
    // The Web Vitals beacon goes to the BFF's own /rum, never to the API (app/rum/vitals-batch.ts).
    expect(usersOf(/sendBeacon\s*\(/)).toEqual(['app/rum/vitals-batch.ts']);
  });

  it('only axios makes requests, in the transport alone', () => {
    expect(usersOf(/from 'axios'/)).toEqual(['lib/api-client.ts']);
  });

  it('no path of the API is spelled outside the contract', () => {
    // ('/tray/register' is also a page of the SPA: the rule is about the API's calls.)
    expect(usersOf(/['"`]\/api\//).filter((file) => !file.startsWith('contract/'))).toEqual([]);
  });
});
