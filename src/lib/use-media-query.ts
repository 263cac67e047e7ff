import { useSyncExternalStore } from 'react';

/**
 * True while the CSS media query matches, updated as the window changes. False where there is no
 * matchMedia (jsdom in component tests, the server), so a layout that depends on it falls back to
 * the wide one.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
