// A screen's or a part's code (a dynamic import) that did not arrive because the connection dropped
// is fetched again once the connection is back, instead of failing for good: React's lazy() keeps a
// failed load's error, so without this the cart tapped offline would stay the error page until the
// shopper reloaded. Meanwhile the network notice says the phone is offline (lib/network-status.ts)
// and the screen shows its loading state.

import { afterPauseOnline } from './network-status.ts';
import { retryDelay } from './query-client.ts';

/** Tries after the first failure: enough for a dropped cell, not forever for a chunk gone after a deploy. */
export const IMPORT_RETRIES = 3;

export function retryingImport<T>(load: () => Promise<T>, retries = IMPORT_RETRIES): () => Promise<T> {
  return async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await load();
      } catch (error) {
        if (attempt >= retries) throw error;
        await afterPauseOnline(retryDelay(attempt));
      }
    }
  };
}
