import { onlineManager } from '@tanstack/query-core';

/**
 * What the shopper should know about the network right now (app/shell/network-notice.tsx says it):
 * - 'offline': the browser has no connection. react-query holds every read and write that has not
 *   gone out yet (networkMode 'online') and sends it when the connection comes back;
 * - 'slow': a call has been waiting for its answer longer than SLOW_CALL_MS;
 * - 'ok': neither.
 *
 * Offline comes from react-query's onlineManager (the browser's online/offline events), so the notice
 * and the pausing of calls always agree. Slow comes from lib/api-client.ts, which tells every call's
 * start and end here.
 */
export type NetworkState = 'ok' | 'slow' | 'offline';

/** A call is slow past this: a cheap phone on a good cell answers well within it. */
export const SLOW_CALL_MS = 3000;

let slowCalls = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of [...listeners]) listener();
}

/** Marks a call as started; the function returned marks it as settled (once, whatever its outcome). */
export function trackCall(): () => void {
  let slow = false;
  let settled = false;
  const timer = setTimeout(() => {
    slow = true;
    slowCalls += 1;
    notify();
  }, SLOW_CALL_MS);
  return () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    if (!slow) return;
    slowCalls -= 1;
    notify();
  };
}

export function networkState(): NetworkState {
  if (!onlineManager.isOnline()) return 'offline';
  return slowCalls > 0 ? 'slow' : 'ok';
}

/** Calls `listener` whenever the state may have changed; returns the unsubscribe. */
export function subscribeNetworkState(listener: () => void): () => void {
  listeners.add(listener);
  const stopOnline = onlineManager.subscribe(listener);
  return () => {
    listeners.delete(listener);
    stopOnline();
  };
}

/** Resolves once the browser has a connection: at once when it has one. */
export function whenOnline(): Promise<void> {
  if (onlineManager.isOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = onlineManager.subscribe((online) => {
      if (!online) return;
      stop();
      resolve();
    });
  });
}

/** Resolves after `delayMs`, and not before the browser has a connection. */
export function afterPauseOnline(delayMs: number): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, delayMs)).then(whenOnline);
}
