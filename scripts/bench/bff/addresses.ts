// The load generator's clients look like many shoppers: each connection is bound to one of `count`
// loopback source addresses (127.0.0.2, 127.0.0.3, ...; Linux routes all of 127/8 to lo), so no
// address exceeds the BFF's per-address connection cap (MAX_CONNECTIONS_PER_IP) nor its per-client
// share of the in-flight cap, and what the BFF refuses is its own shedding, not a cap on one client.

/** The most source addresses the generator spreads over (127.0.0.2 … 127.0.0.254). */
export const MAX_SOURCE_ADDRESSES = 253;

/** The `index`th source address (0-based): 127.0.0.2 for 0. */
export function sourceAddress(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_SOURCE_ADDRESSES) {
    throw new Error(`source address index ${index} out of 0..${MAX_SOURCE_ADDRESSES - 1}`);
  }
  return `127.0.0.${index + 2}`;
}

/**
 * Which address a new connection takes: the one with the fewest open connections, the next in turn
 * after `last` on a tie, so connections stay spread evenly however many close and reopen.
 */
export function nextAddress(openByAddress: readonly number[], last: number): number {
  const count = openByAddress.length;
  let best = -1;
  let fewest = Number.POSITIVE_INFINITY;
  for (let step = 1; step <= count; step++) {
    const index = (last + step) % count;
    const open = openByAddress[index] ?? 0;
    if (open < fewest) {
      fewest = open;
      best = index;
    }
  }
  return best;
}

/** The connections and calls in flight on each source address, and the most any one address had. */
export type AddressBook = {
  /** The address a new connection takes (`nextAddress`), counted open. */
  open(): number;
  closed(address: number): void;
  sent(address: number): void;
  answered(address: number): void;
  readonly most: { connections: number; inFlight: number };
};

export function addressBook(count: number): AddressBook {
  const open = new Array<number>(Math.max(1, count)).fill(0);
  const inFlight = new Array<number>(Math.max(1, count)).fill(0);
  const most = { connections: 0, inFlight: 0 };
  let last = -1;
  return {
    most,
    open() {
      last = nextAddress(open, last);
      const opened = (open[last] ?? 0) + 1;
      open[last] = opened;
      most.connections = Math.max(most.connections, opened);
      return last;
    },
    closed(address) {
      open[address] = (open[address] ?? 1) - 1;
    },
    sent(address) {
      const sending = (inFlight[address] ?? 0) + 1;
      inFlight[address] = sending;
      most.inFlight = Math.max(most.inFlight, sending);
    },
    answered(address) {
      inFlight[address] = (inFlight[address] ?? 1) - 1;
    },
  };
}
