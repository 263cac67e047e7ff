// The chat link's fragment carries the session code. It leaves the address once, at the page's
// start (session/chat-link.ts), and the router can write no fragment back (app/router-window.ts).
// This keeps the rest of the app from going around either: no other module reads the fragment or
// writes the address by itself.
import { modulesUsing, sourceOf } from '@tests/source-files.ts';
import { describe, expect, it } from 'vitest';

describe('the address never holds a session code once the app has started', () => {
  it('only the chat link module and the new-link watcher read the fragment', () => {
    expect(modulesUsing(/location\.hash|\.hash\b(?!\s*[:(])/).sort()).toEqual(
      ['session/chat-link.ts', 'session/follow-new-links.ts'].sort(),
    );
  });

  it('only the chat link module, the router’s history and the Tray callback write the address', () => {
    expect(modulesUsing(/\b(pushState|replaceState)\s*\(/).sort()).toEqual(
      ['app/router-window.ts', 'features/tray/lib/callback-query.ts', 'session/chat-link.ts'].sort(),
    );
  });

  it('the router navigates through the history that drops fragments', () => {
    const start = sourceOf('app/start-app.tsx');
    expect(start).toMatch(/<BrowserRouter window=\{page\}>/);
    expect(start).toMatch(/const page = routerWindow\(\);/);
    expect(modulesUsing(/<BrowserRouter\b/)).toEqual(['app/start-app.tsx']);
  });
});
