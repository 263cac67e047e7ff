import { onlineManager } from '@tanstack/react-query';
import type { ToastOptions } from 'react-hot-toast';
import { whenOnline } from './network-status.ts';

/**
 * react-hot-toast, loaded after the first paint: a toast only ever follows something the shopper
 * did, so its 4 KB (brotli) need not hold up the landing route (docs/decisions/0010-performance.md).
 * The library is fetched when the page is idle (app/shell/toast-host.tsx) or at the first toast, whichever
 * comes first; calls made before it arrives are played in order once it has.
 */
type HotToast = typeof import('react-hot-toast');

let loaded: HotToast | undefined;
let loading: Promise<HotToast> | undefined;
const listeners = new Set<() => void>();

export function loadToasts(): Promise<HotToast> {
  loading ??= import('react-hot-toast').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      listeners.clear();
      return module;
    },
    (error: unknown) => {
      // Fetched without a connection: the next call fetches it again rather than failing for good.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The library when it has arrived. */
export const loadedToasts = (): HotToast | undefined => loaded;

/** Calls back once the library has arrived (at once when it already has); returns the unsubscribe. */
export function onToastsLoaded(listener: () => void): () => void {
  if (loaded) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function play(call: (hot: HotToast['default']) => void): void {
  if (loaded) call(loaded.default);
  else {
    // A toast asked for without a connection is shown once it is back (the toast that an add made
    // offline has been saved, say); one that fails to load for another reason is not shown.
    loadToasts().then(
      (module) => call(module.default),
      () => {
        if (!onlineManager.isOnline()) void whenOnline().then(() => play(call));
      },
    );
  }
}

type Show = (message: string, options?: ToastOptions) => void;

// The arguments go on exactly as given (no added `undefined`), as if the library were called.
export const toast: Show & {
  success: Show;
  error: Show;
  /** Takes a toast (or, without an id, every toast) off the screen at once. */
  remove: (id?: string) => void;
} = Object.assign((...args: Parameters<Show>) => play((hot) => hot(...args)), {
  success: (...args: Parameters<Show>) => play((hot) => hot.success(...args)),
  error: (...args: Parameters<Show>) => play((hot) => hot.error(...args)),
  remove: (...args: [id?: string]) => play((hot) => hot.remove(...args)),
});
