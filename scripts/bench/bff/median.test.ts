import { describe, expect, it } from 'vitest';
import { addedByRound, median } from './phases.ts';

describe('added p99 at 1,000 req/s, median of rounds', () => {
  it('takes the middle round, or the mean of the middle two', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBe(0);
  });

  it('subtracts the stub’s p99 of the same round, so one noisy round moves only its own figure', () => {
    // Round 2 met the machine's noise on both the proxy and the stub directly.
    const added = addedByRound([3.2, 45.1, 2.9], [1.5, 44.0, 1.4]);
    expect(added.rounds).toEqual([1.7, 1.1, 1.5]);
    expect(added.medianMs).toBe(1.5);
  });
});
