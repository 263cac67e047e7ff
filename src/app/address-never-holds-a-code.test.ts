// The chat link's fragment carries the session code. It leaves the address once, at the page's
// start (session/chat-link.ts), and the router can write no fragment back (app/router-window.ts).
// This keeps the rest of the app from going around either: no other module reads the fragment or
// writes the address by itself.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

/** Every source file of the SPA, tests left out, as a path relative to src/. */
function sources(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(full);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [path.relative(SRC, full)];
  });
}

/** The modules that use `pattern` outside comments. */
function usersOf(pattern: RegExp): string[] {
  return sources().filter((file) => {
    const code = readFileSync(path.join(SRC, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:])\/\/.*$/gm, '$1');
    return pattern.test(code);
  });
}

describe('the address never holds a session code once the app has started', () => {
  it('only the chat link module and the new-link watcher read the fragment', () => {
    expect(usersOf(/location\.hash|\.hash\b(?!\s*[:(])/).sort()).toEqual(
      ['session/chat-link.ts', 'session/follow-new-links.ts'].sort(),
    );
  });

  it('only the chat link module, the router’s history and the Tray callback write the address', () => {
    expect(usersOf(/\b(pushState|replaceState)\s*\(/).sort()).toEqual(
      ['app/router-window.ts', 'features/tray/lib/callback-query.ts', 'session/chat-link.ts'].sort(),
    );
  });

  it('the router navigates through the history that drops fragments', () => {
    const start = readFileSync(path.join(SRC, 'app/start-app.tsx'), 'utf8');
    expect(start).toMatch(/<BrowserRouter window=\{page\}>/);
    expect(start).toMatch(/const page = routerWindow\(\);/);
    expect(usersOf(/<BrowserRouter\b/)).toEqual(['app/start-app.tsx']);
  });
});
