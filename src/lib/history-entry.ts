// The browser history entry on screen, as react-router's BrowserRouter writes it into
// `history.state` ({ usr, key, idx }): `idx` counts this page's entries from 0 (the entry the tab
// opened the store on, also after a reload), `key` is the router location's key ('default' for the
// first entry, which the router never keys).
//
// Read from the window rather than from useLocation(): the router renders a navigation in a React
// transition, so during a slow screen load useLocation() still tells the old entry while the browser
// is already on the new one, and what matters to Back and to history.go() is the browser's entry.
//
// Warning: `idx` is React Router's private state, not its API; an upgrade may rename it (then
// app/shell/back-to-catalog.test.tsx, on the real BrowserRouter, fails). Kept because the data router
// and its <ScrollRestoration> add 14.7 KB brotli to the landing route (issue 39: 144.1 of 130 KB).

export type HistoryEntry = {
  /** The router location's key of the entry on screen. */
  key: string;
  /** Its position among this page's entries: 0 is the first; undefined outside a BrowserRouter. */
  index: number | undefined;
};

export function currentHistoryEntry(): HistoryEntry {
  const state: unknown = window.history.state;
  const fields = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return {
    key: typeof fields.key === 'string' ? fields.key : 'default',
    index: typeof fields.idx === 'number' && Number.isInteger(fields.idx) ? fields.idx : undefined,
  };
}

/** Whether the entry before this one is one of the store's own pages (Back stays in the store). */
export function hasStorePageBehind(): boolean {
  return (currentHistoryEntry().index ?? 0) > 0;
}
