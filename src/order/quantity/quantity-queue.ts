// The cart's quantity queue (shopper spec sections 4, 7 and 9; quality bar "rapid quantity taps,
// slow network, leaving the page mid-debounce"): every change is the line's ABSOLUTE quantity (with
// an index the server sets that line's quantity), so resending is safe and the last change wins.
// Framework-free: the transport, the answer's destination and the timers are injected.
import type { Order, OrderItemUpdate } from '@/contract/order.ts';
import { SESSION_HANDLE_HEADER } from '@/contract/session.ts';
import { MAX_QUANTITY } from '@/contract/shared.ts';

/** Cart quantity debounce (spec section 9). */
export const QUANTITY_DEBOUNCE_MS = 1000;

/** The order line a change targets. `index` is stable on the server (removing a line does not renumber). */
export type QuantityLine = {
  readonly index: number;
  readonly providerId: string;
  /** Sent back so a variant line keeps its variant. */
  readonly sku?: string | undefined;
};

export type QuantityTimers = {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type QuantityQueueOptions = {
  /** The normal call (POST /api/order/items/); answers the updated order. */
  send(update: OrderItemUpdate): Promise<Order>;
  /** A send that survives unload (keepalive fetch); its answer is not awaited. */
  sendOnExit?(update: OrderItemUpdate): void;
  /** Every answer: totals always come from the server. */
  onOrder(order: Order): void;
  /** A failed send: the line's wanted quantity is dropped; `message` is the server's, when any. */
  onFailure(line: QuantityLine, message: string | undefined, error: unknown): void;
  /**
   * Whether a failed send goes again: a promise that resolves when it may (the connection back, say),
   * or undefined when the failure stands (then onFailure). Safe because a send is the line's whole
   * quantity: applied twice, it is applied once. `attempt` counts the line's failed sends in a row.
   */
  resendAfter?(error: unknown, attempt: number): Promise<void> | undefined;
  delayMs?: number;
  timers?: QuantityTimers;
};

export type QuantityQueue = {
  /** Records the wanted absolute quantity of a line (0 removes it) and (re)starts its timer. */
  set(line: QuantityLine, quantity: number): void;
  /** The quantity the screen shows while a change is unsaved or in flight; undefined when none. */
  pendingQuantity(index: number): number | undefined;
  /** True while any change waits or is in flight. */
  hasPending(): boolean;
  /** Grows on every change of the pending quantities (a snapshot for useSyncExternalStore). */
  version(): number;
  /** Called on every change of the pending quantities; answers the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Sends every waiting change now; resolves once all are answered, true when none failed. */
  flush(): Promise<boolean>;
  /** For pagehide / visibilitychange to hidden: resends every unsaved quantity with sendOnExit, then flushes. */
  flushOnExit(): void;
  /** Stops the timers (pending changes are not sent: call flush first to keep them). */
  dispose(): void;
};

type LineState = {
  line: QuantityLine;
  /** The latest quantity not yet handed to a send. */
  wanted: number | undefined;
  /** The quantity of this line's send in flight. */
  sending: number | undefined;
  timer: unknown;
  hasTimer: boolean;
  /** Failed sends in a row (for resendAfter). */
  failedSends: number;
};

const defaultTimers: QuantityTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** The call body for a line: the index as text and the absolute quantity. */
export function quantityUpdate(line: QuantityLine, quantity: number): OrderItemUpdate {
  const update: OrderItemUpdate = { index: String(line.index), providerId: line.providerId, quantity };
  if (line.sku) update.sku = line.sku;
  return update;
}

/**
 * The send for page exit: a keepalive fetch, which survives unload and, unlike
 * navigator.sendBeacon, can carry the tab's session handle header. Its answer is not read.
 */
export function createKeepaliveSend(
  getHandle: () => string | undefined,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): (update: OrderItemUpdate) => void {
  return (update) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const handle = getHandle();
    if (handle) headers[SESSION_HANDLE_HEADER] = handle;
    // The path spelled out, not read from the contract's call registry (see update-order-item.ts).
    void fetchImpl('/api/order/items/', {
      method: 'POST',
      keepalive: true,
      headers,
      body: JSON.stringify(update),
      credentials: 'same-origin',
    }).catch(() => {
      // The page is going away: nobody is left to tell.
    });
  };
}

function normalizeQuantity(quantity: number): number | undefined {
  if (!Number.isFinite(quantity)) return undefined;
  return Math.min(MAX_QUANTITY, Math.max(0, Math.trunc(quantity)));
}

/**
 * One send in flight at a time for the whole queue (so per line too): answers then arrive in the
 * order the server applied them, and an older order never overwrites a newer one in the cache.
 * Lines keep their own timers and their own coalescing: a line waits only for the slot, not for
 * another line's debounce.
 */
export function createQuantityQueue(options: QuantityQueueOptions): QuantityQueue {
  const delayMs = options.delayMs ?? QUANTITY_DEBOUNCE_MS;
  const timers = options.timers ?? defaultTimers;
  const lines = new Map<number, LineState>();
  /** Lines past their debounce, waiting for the send slot, first come first served. */
  const ready: number[] = [];
  const listeners = new Set<() => void>();
  let idleWaiters: (() => void)[] = [];
  let busy = false;
  let failures = 0;
  let version = 0;

  const notify = () => {
    version += 1;
    for (const listener of [...listeners]) listener();
  };

  const stopTimer = (state: LineState) => {
    if (state.hasTimer) timers.clearTimeout(state.timer);
    state.hasTimer = false;
    state.timer = undefined;
  };

  const forgetIfDone = (index: number, state: LineState) => {
    if (state.wanted === undefined && state.sending === undefined && !state.hasTimer) lines.delete(index);
  };

  const makeReady = (index: number) => {
    if (!ready.includes(index)) ready.push(index);
  };

  const settleIdle = () => {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const pump = (): void => {
    if (busy) return;
    let index = ready.shift();
    let state = index === undefined ? undefined : lines.get(index);
    while (index !== undefined && state?.wanted === undefined) {
      index = ready.shift();
      state = index === undefined ? undefined : lines.get(index);
    }
    if (index === undefined || !state || state.wanted === undefined) {
      settleIdle();
      return;
    }
    const lineIndex = index;
    const current = state;
    const quantity = current.wanted as number;
    current.wanted = undefined;
    current.sending = quantity;
    busy = true;
    notify();
    new Promise<Order>((resolve) => resolve(options.send(quantityUpdate(current.line, quantity))))
      .then(
        (order) => {
          current.failedSends = 0;
          options.onOrder(order);
        },
        (error: unknown) => {
          current.failedSends += 1;
          const resend = options.resendAfter?.(error, current.failedSends);
          if (resend) {
            // The same quantity goes again, first in line, unless the shopper changed it meanwhile
            // (that change has its own timer). The slot stays taken until then, so answers still
            // arrive in the order the server applied them.
            if (current.wanted === undefined) {
              current.wanted = quantity;
              if (!ready.includes(lineIndex)) ready.unshift(lineIndex);
            }
            return resend;
          }
          current.failedSends = 0;
          failures += 1;
          // The screen goes back to the server's quantity: a change made meanwhile goes too.
          current.wanted = undefined;
          stopTimer(current);
          const waiting = ready.indexOf(lineIndex);
          if (waiting >= 0) ready.splice(waiting, 1);
          const message = error instanceof Error && error.message ? error.message : undefined;
          options.onFailure(current.line, message, error);
        },
      )
      .catch(() => {
        // A throwing onOrder / onFailure must not stall the queue.
      })
      .finally(() => {
        current.sending = undefined;
        busy = false;
        forgetIfDone(lineIndex, current);
        notify();
        pump();
      });
  };

  const onTimer = (index: number) => {
    const state = lines.get(index);
    if (!state) return;
    state.hasTimer = false;
    state.timer = undefined;
    if (state.wanted === undefined) return;
    makeReady(index);
    pump();
  };

  const flush = (): Promise<boolean> => {
    const failuresBefore = failures;
    for (const [index, state] of lines) {
      if (state.wanted === undefined) continue;
      stopTimer(state);
      makeReady(index);
    }
    if (!busy && ready.length === 0) return Promise.resolve(true);
    const idle = new Promise<void>((resolve) => idleWaiters.push(resolve));
    pump();
    return idle.then(() => failures === failuresBefore);
  };

  return {
    set(line, quantity) {
      const normalized = normalizeQuantity(quantity);
      if (normalized === undefined) return;
      let state = lines.get(line.index);
      if (!state) {
        state = {
          line,
          wanted: undefined,
          sending: undefined,
          timer: undefined,
          hasTimer: false,
          failedSends: 0,
        };
        lines.set(line.index, state);
      }
      state.line = line;
      state.wanted = normalized;
      // Already past its debounce (a flush, or waiting for the slot): it goes out with the latest value.
      if (!ready.includes(line.index)) {
        stopTimer(state);
        const index = line.index;
        state.timer = timers.setTimeout(() => onTimer(index), delayMs);
        state.hasTimer = true;
      }
      notify();
    },

    pendingQuantity(index) {
      const state = lines.get(index);
      return state?.wanted ?? state?.sending;
    },

    hasPending() {
      for (const state of lines.values()) {
        if (state.wanted !== undefined || state.sending !== undefined) return true;
      }
      return false;
    },

    version: () => version,

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    flush,

    flushOnExit() {
      if (options.sendOnExit) {
        // The latest quantity of every unsaved line, and of every line in flight (unload may abort it).
        for (const state of lines.values()) {
          const quantity = state.wanted ?? state.sending;
          if (quantity === undefined) continue;
          try {
            options.sendOnExit(quantityUpdate(state.line, quantity));
          } catch {
            // Nothing more can be done while the page goes away.
          }
        }
      }
      // If the page lives on (a hidden tab), the normal sends confirm the same absolute quantities
      // after the one in flight, so an older in-flight quantity can never be the last applied.
      void flush();
    },

    dispose() {
      for (const state of lines.values()) stopTimer(state);
      listeners.clear();
    },
  };
}
