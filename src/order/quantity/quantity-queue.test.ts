import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderItemUpdate } from '@/contract/order.ts';
import { createQuantityQueue, type QuantityQueueOptions } from './quantity-queue.ts';

type Deferred = { update: OrderItemUpdate; resolve(order: Order): void; reject(error: unknown): void };

/**
 * A transport whose answers the test releases one by one (a slow network). The queue's normal sends
 * are in `calls`; the ones that must outlive the page (keepalive) in `exits`.
 */
function slowServer() {
  const calls: Deferred[] = [];
  const exits: OrderItemUpdate[] = [];
  const send = vi.fn((update: OrderItemUpdate, options?: { keepalive: true }) => {
    if (options?.keepalive) {
      exits.push(update);
      return new Promise<Order>(() => {});
    }
    return new Promise<Order>((resolve, reject) => {
      calls.push({ update, resolve, reject });
    });
  });
  return { calls, exits, send };
}

const orderWith = (quantity: number): Order => ({
  id: 'o1',
  items: [{ index: 0, providerId: 'p1', quantity }],
});

const lineA = { index: 0, providerId: 'p1' };
const lineB = { index: 3, providerId: 'p2', sku: 'p2-azul' };

/** Nothing of lines A and B waits or is in flight: no quantity, no note. */
const idle = (queue: ReturnType<typeof createQuantityQueue>) =>
  !queue.hasPendingQuantity() && queue.pendingNote(0) === undefined && queue.pendingNote(3) === undefined;

/** Lets pending promise callbacks run (answers reach the queue). */
const settle = () => vi.advanceTimersByTimeAsync(0);

function setup(extra: Partial<QuantityQueueOptions> = {}) {
  const server = slowServer();
  const onOrder = vi.fn();
  const onFailure = vi.fn();
  const queue = createQuantityQueue({ send: server.send, onOrder, onFailure, ...extra });
  return { ...server, onOrder, onFailure, queue };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createQuantityQueue', () => {
  it('shows the change at once and sends it after a 1-second pause', async () => {
    const { queue, send, calls } = setup();
    queue.set(lineA, 2);
    expect(queue.pendingQuantity(0)).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(calls[0]?.update).toEqual({ index: '0', providerId: 'p1', quantity: 2 });
  });

  it('sends 15 rapid taps as one change with the last value', async () => {
    const { queue, send, calls, onOrder } = setup();
    for (let q = 2; q <= 16; q += 1) {
      queue.set(lineA, q);
      await vi.advanceTimersByTimeAsync(300);
    }
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(calls[0]?.update.quantity).toBe(16);
    calls[0]?.resolve(orderWith(16));
    await settle();
    expect(onOrder).toHaveBeenCalledWith(orderWith(16));
    expect(queue.pendingQuantity(0)).toBeUndefined();
    expect(idle(queue)).toBe(true);
  });

  it('sends a change made during a send after it, once, with the latest value', async () => {
    const { queue, send, calls, onOrder } = setup();
    queue.set(lineA, 2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(1);
    queue.set(lineA, 3);
    queue.set(lineA, 4);
    expect(queue.pendingQuantity(0)).toBe(4);
    await vi.advanceTimersByTimeAsync(5000);
    // Still one in flight: the next waits for it.
    expect(send).toHaveBeenCalledTimes(1);
    calls[0]?.resolve(orderWith(2));
    await settle();
    expect(onOrder).toHaveBeenCalledTimes(1);
    // The screen keeps the shopper's latest value, not the older answer.
    expect(queue.pendingQuantity(0)).toBe(4);
    expect(send).toHaveBeenCalledTimes(2);
    expect(calls[1]?.update.quantity).toBe(4);
    calls[1]?.resolve(orderWith(4));
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(onOrder).toHaveBeenLastCalledWith(orderWith(4));
    expect(queue.pendingQuantity(0)).toBeUndefined();
  });

  it('keeps one send in flight and answers in order, each answer to onOrder', async () => {
    const { queue, calls, onOrder } = setup();
    const answered: number[] = [];
    onOrder.mockImplementation((order: Order) => answered.push(order.items[0]?.quantity ?? -1));
    queue.set(lineA, 5);
    await vi.advanceTimersByTimeAsync(1000);
    queue.set(lineA, 6);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(orderWith(5));
    await settle();
    queue.set(lineA, 7);
    calls[1]?.resolve(orderWith(6));
    await vi.advanceTimersByTimeAsync(1000);
    calls[2]?.resolve(orderWith(7));
    await settle();
    expect(calls.map((c) => c.update.quantity)).toEqual([5, 6, 7]);
    expect(answered).toEqual([5, 6, 7]);
  });

  it('debounces two lines independently and sends the sku of a variant line', async () => {
    const { queue, calls } = setup();
    queue.set(lineA, 2);
    await vi.advanceTimersByTimeAsync(600);
    queue.set(lineB, 5);
    await vi.advanceTimersByTimeAsync(400);
    // A's pause is over; B's tap did not restart A's timer.
    expect(calls.map((c) => c.update)).toEqual([{ index: '0', providerId: 'p1', quantity: 2 }]);
    calls[0]?.resolve(orderWith(2));
    await vi.advanceTimersByTimeAsync(600);
    expect(calls[1]?.update).toEqual({ index: '3', providerId: 'p2', sku: 'p2-azul', quantity: 5 });
    expect(queue.pendingQuantity(0)).toBeUndefined();
    expect(queue.pendingQuantity(3)).toBe(5);
  });

  it('on failure drops the line’s change and reports the server’s message', async () => {
    const { queue, calls, onFailure, onOrder } = setup();
    queue.set(lineA, 9);
    queue.set(lineB, 2);
    await vi.advanceTimersByTimeAsync(1000);
    queue.set(lineA, 10); // made while the failing send is in flight: dropped too
    calls[0]?.reject(new Error('Item não encontrado no pedido.'));
    await settle();
    expect(onFailure).toHaveBeenCalledWith(lineA, 'Item não encontrado no pedido.', expect.any(Error), {
      quantity: 9,
      note: undefined,
    });
    expect(onOrder).not.toHaveBeenCalled();
    expect(queue.pendingQuantity(0)).toBeUndefined();
    // The other line goes on.
    expect(calls[1]?.update.index).toBe('3');
    calls[1]?.resolve(orderWith(1));
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
    expect(idle(queue)).toBe(true);
  });

  it('survives a transport that throws synchronously', async () => {
    const onFailure = vi.fn();
    const queue = createQuantityQueue({
      send: () => {
        throw new Error('boom');
      },
      onOrder: vi.fn(),
      onFailure,
    });
    queue.set(lineA, 3);
    await expect(queue.flush()).resolves.toBe(false);
    expect(onFailure).toHaveBeenCalledWith(lineA, 'boom', expect.any(Error), {
      quantity: 3,
      note: undefined,
    });
    expect(idle(queue)).toBe(true);
  });

  it('flush sends at once and resolves after every answer', async () => {
    const { queue, calls } = setup();
    queue.set(lineA, 2);
    queue.set(lineB, 4);
    let done: boolean | undefined;
    void queue.flush().then((ok) => {
      done = ok;
    });
    await settle();
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(orderWith(2));
    await settle();
    expect(calls).toHaveLength(2);
    expect(done).toBeUndefined();
    calls[1]?.resolve(orderWith(2));
    await settle();
    expect(done).toBe(true);
    // The debounce timers were cancelled: nothing is sent twice.
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(2);
  });

  it('flush waits for a send in flight and sends the change queued behind it', async () => {
    const { queue, calls } = setup();
    queue.set(lineA, 2);
    await vi.advanceTimersByTimeAsync(1000);
    queue.set(lineA, 3);
    const flushed = queue.flush();
    calls[0]?.resolve(orderWith(2));
    await settle();
    expect(calls[1]?.update.quantity).toBe(3);
    calls[1]?.reject(new Error('Sem estoque.'));
    await expect(flushed).resolves.toBe(false);
  });

  it('flush with nothing pending resolves at once', async () => {
    const { queue, send } = setup();
    await expect(queue.flush()).resolves.toBe(true);
    expect(send).not.toHaveBeenCalled();
  });

  it('quantity 0 removes the line; bad values are clamped or ignored', async () => {
    const { queue, calls } = setup();
    queue.set(lineA, 0);
    expect(queue.pendingQuantity(0)).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[0]?.update).toEqual({ index: '0', providerId: 'p1', quantity: 0 });
    queue.set(lineB, -2);
    expect(queue.pendingQuantity(3)).toBe(0);
    queue.set(lineB, 2.7);
    expect(queue.pendingQuantity(3)).toBe(2);
    queue.set(lineB, Number.NaN);
    expect(queue.pendingQuantity(3)).toBe(2);
  });

  it('notifies subscribers on every change until they unsubscribe', async () => {
    const { queue, calls } = setup();
    const listener = vi.fn();
    const stop = queue.subscribe(listener);
    const before = queue.version();
    queue.set(lineA, 2);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(queue.version()).toBeGreaterThan(before);
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.resolve(orderWith(2));
    await settle();
    const count = listener.mock.calls.length;
    expect(count).toBeGreaterThanOrEqual(3);
    stop();
    queue.set(lineA, 3);
    expect(listener).toHaveBeenCalledTimes(count);
  });

  it('flushOnExit sends every unsaved and in-flight quantity in sends that outlive the page', async () => {
    const { queue, calls, exits } = setup();
    queue.set(lineA, 2);
    await vi.advanceTimersByTimeAsync(1000); // 2 in flight
    queue.set(lineA, 6); // waiting behind it
    queue.set(lineB, 4); // mid-debounce
    queue.flushOnExit();
    expect(exits).toEqual([
      { index: '0', providerId: 'p1', quantity: 6 },
      { index: '3', providerId: 'p2', sku: 'p2-azul', quantity: 4 },
    ]);
    // If the page lives on, the normal sends follow the one in flight with the same absolute values.
    calls[0]?.resolve(orderWith(2));
    await settle();
    calls[1]?.resolve(orderWith(6));
    await settle();
    expect(calls.map((c) => c.update.quantity)).toEqual([2, 6, 4]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(3);
  });

  it('flushOnExit also resends a quantity whose only send is in flight', () => {
    const { queue, exits } = setup();
    queue.set(lineA, 2);
    vi.advanceTimersByTime(1000);
    queue.flushOnExit();
    expect(exits).toEqual([{ index: '0', providerId: 'p1', quantity: 2 }]);
  });

  it('flushOnExit with nothing unsaved sends nothing, and a transport that throws does not stop it', () => {
    const send = vi.fn(() => {
      throw new Error('offline');
    });
    const queue = createQuantityQueue({ send, onOrder: vi.fn(), onFailure: vi.fn() });
    queue.flushOnExit();
    expect(send).not.toHaveBeenCalled();
    queue.set(lineA, 2);
    queue.set(lineB, 3);
    expect(() => queue.flushOnExit()).not.toThrow();
    expect(send.mock.calls.filter((call) => (call as unknown[])[1] !== undefined)).toHaveLength(2);
  });

  it('uses injected timers and delay', () => {
    const pending: (() => void)[] = [];
    const setTimeoutFake = vi.fn((run: () => void, _ms: number) => {
      pending.push(run);
      return pending.length;
    });
    const { queue, send } = setup({
      delayMs: 50,
      timers: { setTimeout: setTimeoutFake, clearTimeout: vi.fn() },
    });
    queue.set(lineA, 2);
    expect(setTimeoutFake).toHaveBeenCalledWith(expect.any(Function), 50);
    pending[0]?.();
    expect(send).toHaveBeenCalledWith({ index: '0', providerId: 'p1', quantity: 2 });
  });
});

describe('createQuantityQueue when a send gets no answer (a dropped connection)', () => {
  /** Lets a failed send go again when the test says (the connection back), up to `times` times. */
  function resendGate(times = 2) {
    const gates: (() => void)[] = [];
    const resendAfter = vi.fn((_error: unknown, attempt: number) =>
      attempt <= times ? new Promise<void>((resolve) => gates.push(resolve)) : undefined,
    );
    const open = async () => {
      gates.shift()?.();
      await settle();
    };
    return { resendAfter, open };
  }

  it('sends the same quantity again once resendAfter lets it, showing it meanwhile', async () => {
    const gate = resendGate();
    const { queue, calls, onOrder, onFailure } = setup({ resendAfter: gate.resendAfter });
    queue.set(lineA, 4);
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.reject(new Error('Sem resposta'));
    await settle();
    expect(gate.resendAfter).toHaveBeenCalledWith(expect.any(Error), 1);
    expect(calls).toHaveLength(1);
    expect(queue.pendingQuantity(0)).toBe(4);
    expect(idle(queue)).toBe(false);

    await gate.open();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.update).toEqual({ index: '0', providerId: 'p1', quantity: 4 });
    calls[1]?.resolve(orderWith(4));
    await settle();
    expect(onOrder).toHaveBeenCalledWith(orderWith(4));
    expect(onFailure).not.toHaveBeenCalled();
    expect(idle(queue)).toBe(true);
  });

  it('sends the latest quantity, once, when the shopper changes it while the resend waits', async () => {
    const gate = resendGate();
    const { queue, calls } = setup({ resendAfter: gate.resendAfter });
    queue.set(lineA, 4);
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.reject(new Error('Sem resposta'));
    await settle();
    queue.set(lineA, 6);
    expect(queue.pendingQuantity(0)).toBe(6);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);

    await gate.open();
    expect(calls.map((call) => call.update.quantity)).toEqual([4, 6]);
  });

  it('keeps the other lines behind the resend, so answers arrive in the order the server applied them', async () => {
    const gate = resendGate();
    const { queue, calls } = setup({ resendAfter: gate.resendAfter });
    queue.set(lineA, 4);
    queue.set(lineB, 2);
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.reject(new Error('Sem resposta'));
    await settle();
    expect(calls).toHaveLength(1);

    await gate.open();
    expect(calls[1]?.update.index).toBe('0');
    calls[1]?.resolve(orderWith(4));
    await settle();
    expect(calls[2]?.update.index).toBe('3');
  });

  it('gives up when resendAfter says so: the failure stands and the saved quantity shows', async () => {
    const gate = resendGate(1);
    const { queue, calls, onFailure } = setup({ resendAfter: gate.resendAfter });
    queue.set(lineA, 4);
    const flushed = queue.flush();
    await settle();
    calls[0]?.reject(new Error('Sem resposta'));
    await settle();
    await gate.open();
    calls[1]?.reject(new Error('Sem resposta'));
    await settle();
    expect(gate.resendAfter).toHaveBeenLastCalledWith(expect.any(Error), 2);
    expect(onFailure).toHaveBeenCalledWith(lineA, 'Sem resposta', expect.any(Error), {
      quantity: 4,
      note: undefined,
    });
    expect(queue.pendingQuantity(0)).toBeUndefined();
    await expect(flushed).resolves.toBe(false);
  });

  it('counts failed sends afresh after a send that went through', async () => {
    const gate = resendGate();
    const { queue, calls } = setup({ resendAfter: gate.resendAfter });
    queue.set(lineA, 4);
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.reject(new Error('Sem resposta'));
    await settle();
    await gate.open();
    calls[1]?.resolve(orderWith(4));
    await settle();
    queue.set(lineA, 5);
    await vi.advanceTimersByTimeAsync(1000);
    calls[2]?.reject(new Error('Sem resposta'));
    await settle();
    expect(gate.resendAfter).toHaveBeenLastCalledWith(expect.any(Error), 1);
  });
});

describe('createQuantityQueue with an item’s note (Observações)', () => {
  const noted = { ...lineA, quantity: 3 };

  it('sends the note a second after the last key, with the quantity the line shows', async () => {
    const { queue, send, calls } = setup();
    queue.setNote(noted, 'B');
    await vi.advanceTimersByTimeAsync(600);
    queue.setNote(noted, 'Bem madura');
    expect(queue.pendingNote(0)).toBe('Bem madura');
    await vi.advanceTimersByTimeAsync(999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.update)).toEqual([
      { index: '0', providerId: 'p1', quantity: 3, preferences: 'Bem madura' },
    ]);
    calls[0]?.resolve(orderWith(3));
    await settle();
    expect(queue.pendingNote(0)).toBeUndefined();
    expect(idle(queue)).toBe(true);
  });

  it('sends a quantity and a note changed together in one send', async () => {
    const { queue, calls } = setup();
    queue.set(noted, 5);
    queue.setNote(noted, 'Sem cebola');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((c) => c.update)).toEqual([
      { index: '0', providerId: 'p1', quantity: 5, preferences: 'Sem cebola' },
    ]);
  });

  it('sends a note typed while a quantity is in flight after it, with the new quantity', async () => {
    const { queue, calls } = setup();
    queue.set(noted, 5);
    await vi.advanceTimersByTimeAsync(1000);
    queue.setNote(noted, 'Sem cebola');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(orderWith(5));
    await settle();
    expect(calls[1]?.update).toEqual({
      index: '0',
      providerId: 'p1',
      quantity: 5,
      preferences: 'Sem cebola',
    });
  });

  it('a waiting note is no quantity change: the order’s money is not waiting on it', async () => {
    const { queue } = setup();
    queue.setNote(noted, 'Sem cebola');
    expect(queue.pendingNote(0)).toBe('Sem cebola');
    expect(queue.hasPendingQuantity()).toBe(false);
    expect(queue.pendingQuantity(0)).toBeUndefined();
    queue.set(noted, 4);
    expect(queue.hasPendingQuantity()).toBe(true);
  });

  it('flush sends a waiting note at once, and resolves once it is saved', async () => {
    const { queue, calls } = setup();
    queue.setNote(noted, 'Sem cebola');
    let saved: boolean | undefined;
    void queue.flush().then((ok) => {
      saved = ok;
    });
    await settle();
    expect(calls.map((c) => c.update.preferences)).toEqual(['Sem cebola']);
    expect(saved).toBeUndefined();
    calls[0]?.resolve(orderWith(3));
    await settle();
    expect(saved).toBe(true);
  });

  it('flushOnExit sends a note still being typed, and one in flight, in sends that outlive the page', async () => {
    const { queue, exits } = setup();
    queue.setNote(noted, 'Sem cebola');
    queue.setNote({ ...lineB, quantity: 1 }, 'Embrulhar para presente');
    await vi.advanceTimersByTimeAsync(1000); // the first in flight, the second waiting for the slot
    queue.flushOnExit();
    expect(exits).toEqual([
      { index: '0', providerId: 'p1', quantity: 3, preferences: 'Sem cebola' },
      { index: '3', providerId: 'p2', sku: 'p2-azul', quantity: 1, preferences: 'Embrulhar para presente' },
    ]);
  });

  it('reports a failed note with what it carried, and drops it', async () => {
    const { queue, calls, onFailure } = setup();
    queue.setNote(noted, 'Sem cebola');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.reject(new Error('Texto muito longo.'));
    await settle();
    expect(onFailure).toHaveBeenCalledWith(noted, 'Texto muito longo.', expect.any(Error), {
      quantity: 3,
      note: 'Sem cebola',
    });
    expect(queue.pendingNote(0)).toBeUndefined();
  });

  it('a note for a line whose quantity it was never told is not sent', async () => {
    const { queue, send } = setup();
    queue.setNote(lineA, 'Sem cebola');
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).not.toHaveBeenCalled();
    expect(idle(queue)).toBe(true);
  });
});
