// The cart's line queue (shopper spec sections 4, 7 and 9; docs/quality-bars.md "rapid quantity taps,
// slow network, leaving the page mid-debounce"): what the shopper changes on a line, its quantity
// and its note ('Observações', the item's preferences), goes to the server through one queue. Every
// send is the line's ABSOLUTE state (with an index the server sets that line's quantity, and its
// note when one is sent), so resending is safe and the last change wins. A quantity and a note
// changed together go in one send.
// Framework-free: the transport, the answer's destination and the timers are injected.
import type { Order, OrderItemUpdate } from '@/contract/order.ts';
import { MAX_QUANTITY } from '@/contract/shared.ts';

/** Cart quantity debounce (spec section 9); a note being typed waits as long after the last key. */
export const QUANTITY_DEBOUNCE_MS = 1000;

/** The order line a change targets. `index` is stable on the server (removing a line does not renumber). */
export type QuantityLine = {
  readonly index: number;
  readonly providerId: string;
  /** Sent back so a variant line keeps its variant. */
  readonly sku?: string | undefined;
  /** The quantity the line shows: sent with a note when no quantity change is waiting. */
  readonly quantity?: number | undefined;
};

/** What a send carried, for onFailure. */
export type LineChange = { quantity: number; note: string | undefined };

export type QuantityTimers = {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type QuantityQueueOptions = {
  /**
   * The call (POST /api/order/items/); answers the updated order. With `keepalive` the page is going
   * away: the send must outlive it, and its answer is not awaited.
   */
  send(update: OrderItemUpdate, options?: { keepalive: true }): Promise<Order>;
  /** Every answer: totals always come from the server. */
  onOrder(order: Order): void;
  /** A failed send: the line's wanted change is dropped; `message` is the server's, when any. */
  onFailure(line: QuantityLine, message: string | undefined, error: unknown, change: LineChange): void;
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
  /** Records the line's note as typed so far and (re)starts its timer. */
  setNote(line: QuantityLine, note: string): void;
  /** The quantity the screen shows while a change is unsaved or in flight; undefined when none. */
  pendingQuantity(index: number): number | undefined;
  /** The note while it is unsaved or in flight; undefined when none. */
  pendingNote(index: number): string | undefined;
  /** True while a quantity change waits or is in flight: the order's money may still change. */
  hasPendingQuantity(): boolean;
  /** Grows on every change of the pending quantities (a snapshot for useSyncExternalStore). */
  version(): number;
  /** Called on every change of the pending quantities; answers the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Sends every waiting change now; resolves once all are answered, true when none failed. */
  flush(): Promise<boolean>;
  /** For pagehide / visibilitychange to hidden: sends every unsaved change with keepalive, then flushes. */
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
  /** Whether that send changes the quantity (not only the note). */
  sendingQuantityChange: boolean;
  /** The latest note not yet handed to a send. */
  wantedNote: string | undefined;
  /** The note of this line's send in flight. */
  sendingNote: string | undefined;
  timer: unknown;
  hasTimer: boolean;
  /** Failed sends in a row (for resendAfter). */
  failedSends: number;
};

const defaultTimers: QuantityTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** The call body for a line: the index as text, the absolute quantity and, when given, the note. */
export function quantityUpdate(line: QuantityLine, quantity: number, note?: string): OrderItemUpdate {
  const update: OrderItemUpdate = { index: String(line.index), providerId: line.providerId, quantity };
  if (line.sku) update.sku = line.sku;
  if (note !== undefined) update.preferences = note;
  return update;
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

  /** A change of the line not yet handed to a send. */
  const hasWanted = (state: LineState | undefined) =>
    state !== undefined && (state.wanted !== undefined || state.wantedNote !== undefined);
  const isSending = (state: LineState) => state.sending !== undefined || state.sendingNote !== undefined;

  const forgetIfDone = (index: number, state: LineState) => {
    if (!hasWanted(state) && !isSending(state) && !state.hasTimer) lines.delete(index);
  };

  const makeReady = (index: number) => {
    if (!ready.includes(index)) ready.push(index);
  };

  const settleIdle = () => {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  /** The quantity a send of the line carries: the wanted one, else the one the line shows. */
  const quantityToSend = (state: LineState) =>
    state.wanted ?? state.sending ?? normalizeQuantity(state.line.quantity ?? Number.NaN);

  const pump = (): void => {
    if (busy) return;
    let index = ready.shift();
    let state = index === undefined ? undefined : lines.get(index);
    while (index !== undefined && !hasWanted(state)) {
      index = ready.shift();
      state = index === undefined ? undefined : lines.get(index);
    }
    if (index === undefined || !state || !hasWanted(state)) {
      settleIdle();
      return;
    }
    const lineIndex = index;
    const current = state;
    const quantity = quantityToSend(current);
    const quantityChange = current.wanted !== undefined;
    const note = current.wantedNote;
    current.wanted = undefined;
    current.wantedNote = undefined;
    if (quantity === undefined) {
      // A note for a line whose quantity the queue was never told: nothing it can send safely.
      forgetIfDone(lineIndex, current);
      pump();
      return;
    }
    current.sending = quantity;
    current.sendingQuantityChange = quantityChange;
    current.sendingNote = note;
    busy = true;
    notify();
    new Promise<Order>((resolve) => resolve(options.send(quantityUpdate(current.line, quantity, note))))
      .then(
        (order) => {
          current.failedSends = 0;
          // The line now holds this quantity: a note sent after it carries it.
          if (quantityChange) current.line = { ...current.line, quantity };
          options.onOrder(order);
        },
        (error: unknown) => {
          current.failedSends += 1;
          const resend = options.resendAfter?.(error, current.failedSends);
          if (resend) {
            // The same change goes again, first in line, unless the shopper changed it meanwhile
            // (that change has its own timer). The slot stays taken until then, so answers still
            // arrive in the order the server applied them.
            if (quantityChange) current.wanted ??= quantity;
            if (note !== undefined) current.wantedNote ??= note;
            if (!ready.includes(lineIndex)) ready.unshift(lineIndex);
            return resend;
          }
          current.failedSends = 0;
          failures += 1;
          // The screen goes back to what the server holds: a change made meanwhile goes too.
          current.wanted = undefined;
          current.wantedNote = undefined;
          stopTimer(current);
          const waiting = ready.indexOf(lineIndex);
          if (waiting >= 0) ready.splice(waiting, 1);
          const message = error instanceof Error && error.message ? error.message : undefined;
          options.onFailure(current.line, message, error, { quantity, note });
        },
      )
      .catch(() => {
        // A throwing onOrder / onFailure must not stall the queue.
      })
      .finally(() => {
        current.sending = undefined;
        current.sendingQuantityChange = false;
        current.sendingNote = undefined;
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
    if (!hasWanted(state)) return;
    makeReady(index);
    pump();
  };

  const flush = (): Promise<boolean> => {
    const failuresBefore = failures;
    for (const [index, state] of lines) {
      if (!hasWanted(state)) continue;
      stopTimer(state);
      makeReady(index);
    }
    if (!busy && ready.length === 0) return Promise.resolve(true);
    const idle = new Promise<void>((resolve) => idleWaiters.push(resolve));
    pump();
    return idle.then(() => failures === failuresBefore);
  };

  /** The line's state, made on its first change; the latest line (sku, shown quantity) is kept. */
  const stateOf = (line: QuantityLine): LineState => {
    let state = lines.get(line.index);
    if (!state) {
      state = {
        line,
        wanted: undefined,
        sending: undefined,
        sendingQuantityChange: false,
        wantedNote: undefined,
        sendingNote: undefined,
        timer: undefined,
        hasTimer: false,
        failedSends: 0,
      };
      lines.set(line.index, state);
    }
    state.line = line;
    return state;
  };

  /** (Re)starts the line's pause; a line already past it (a flush, waiting for the slot) goes as it is. */
  const restartTimer = (state: LineState) => {
    const index = state.line.index;
    if (ready.includes(index)) return;
    stopTimer(state);
    state.timer = timers.setTimeout(() => onTimer(index), delayMs);
    state.hasTimer = true;
  };

  return {
    set(line, quantity) {
      const normalized = normalizeQuantity(quantity);
      if (normalized === undefined) return;
      const state = stateOf(line);
      state.wanted = normalized;
      restartTimer(state);
      notify();
    },

    setNote(line, note) {
      const state = stateOf(line);
      state.wantedNote = note;
      restartTimer(state);
      notify();
    },

    pendingQuantity(index) {
      const state = lines.get(index);
      return state?.wanted ?? (state?.sendingQuantityChange ? state.sending : undefined);
    },

    pendingNote(index) {
      const state = lines.get(index);
      return state?.wantedNote ?? state?.sendingNote;
    },

    hasPendingQuantity() {
      for (const state of lines.values()) {
        if (state.wanted !== undefined || state.sendingQuantityChange) return true;
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
      // The latest state of every unsaved line, and of every line in flight (unload may abort it),
      // in sends that outlive the page.
      for (const state of lines.values()) {
        const quantity = quantityToSend(state);
        const note = state.wantedNote ?? state.sendingNote;
        if (quantity === undefined || (!hasWanted(state) && !isSending(state))) continue;
        try {
          void Promise.resolve(
            options.send(quantityUpdate(state.line, quantity, note), { keepalive: true }),
          ).catch(() => {
            // The page is going away: nobody is left to tell.
          });
        } catch {
          // Nothing more can be done while the page goes away.
        }
      }
      // If the page lives on (a hidden tab), the normal sends confirm the same absolute states after
      // the one in flight, so an older in-flight state can never be the last applied.
      void flush();
    },

    dispose() {
      for (const state of lines.values()) stopTimer(state);
      listeners.clear();
    },
  };
}
