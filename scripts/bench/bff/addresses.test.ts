import { describe, expect, it } from 'vitest';
import { addressBook, MAX_SOURCE_ADDRESSES, nextAddress, sourceAddress } from './addresses.ts';

describe('the load generator looks like many shoppers', () => {
  it('names loopback addresses from 127.0.0.2, never 127.0.0.1 (the BFF and its proxies listen there)', () => {
    expect(sourceAddress(0)).toBe('127.0.0.2');
    expect(sourceAddress(63)).toBe('127.0.0.65');
    expect(sourceAddress(MAX_SOURCE_ADDRESSES - 1)).toBe('127.0.0.254');
    expect(() => sourceAddress(MAX_SOURCE_ADDRESSES)).toThrow(/out of/);
    expect(() => sourceAddress(-1)).toThrow(/out of/);
  });

  it('spreads 2,048 connections over 64 addresses at 32 each, far under the per-address cap of 128', () => {
    const open = new Array<number>(64).fill(0);
    let last = -1;
    for (let i = 0; i < 2_048; i++) {
      last = nextAddress(open, last);
      open[last] = (open[last] ?? 0) + 1;
    }
    expect(Math.max(...open)).toBe(32);
    expect(Math.min(...open)).toBe(32);
  });

  it('reopens a dropped connection on the address that lost it, so the spread stays even', () => {
    const open = [3, 3, 2, 3];
    expect(nextAddress(open, 0)).toBe(2);
    expect(nextAddress([1, 1, 1], 1)).toBe(2);
    expect(nextAddress([1, 1, 1], 2)).toBe(0);
  });
});

describe('the load generator reports how many shoppers one address stood for', () => {
  it('counts the most connections and calls in flight any one address had', () => {
    const book = addressBook(2);
    const first = book.open();
    const second = book.open();
    const third = book.open();
    expect([first, second, third]).toEqual([0, 1, 0]);
    book.sent(first);
    book.sent(third);
    book.answered(first);
    book.sent(second);
    expect(book.most).toEqual({ connections: 2, inFlight: 2 });
    book.closed(first);
    book.closed(third);
    expect(book.open()).toBe(0);
    expect(book.most).toEqual({ connections: 2, inFlight: 2 });
  });
});
