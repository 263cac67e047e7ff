// The model's clock: the cart queue's timers (its 1-second pause) run when the sequence says time
// passed, so a tap can land faster than the pause, and a finish can come before a send has gone.
import type { QuantityTimers } from '../../src/order/quantity/quantity-queue.ts';

type Timer = { id: number; at: number; run: () => void };

export class ModelClock implements QuantityTimers {
  private now = 0;
  private nextId = 1;
  private timers: Timer[] = [];

  setTimeout(run: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, at: this.now + ms, run };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** Lets `ms` pass: every timer due by then runs, in time order. */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.now = due.at;
      due.run();
    }
    this.now = until;
  }
}
