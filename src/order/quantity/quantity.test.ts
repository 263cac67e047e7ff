import { describe, expect, it } from 'vitest';
import {
  canDecrease,
  canIncrease,
  clampQuantity,
  decreaseQuantity,
  increaseQuantity,
  MAX_PICKER_QUANTITY,
  parseQuantity,
} from './quantity.ts';

describe('clampQuantity', () => {
  it('keeps whole numbers in range', () => {
    expect(clampQuantity(1)).toBe(1);
    expect(clampQuantity(42)).toBe(42);
    expect(clampQuantity(MAX_PICKER_QUANTITY)).toBe(MAX_PICKER_QUANTITY);
  });

  it('raises anything below 1 to 1 and caps at the maximum', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-5)).toBe(1);
    expect(clampQuantity(MAX_PICKER_QUANTITY + 1)).toBe(MAX_PICKER_QUANTITY);
    expect(clampQuantity(1e9)).toBe(MAX_PICKER_QUANTITY);
  });

  it('drops fractions and treats non-numbers as 1', () => {
    expect(clampQuantity(3.9)).toBe(3);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(Number.POSITIVE_INFINITY)).toBe(1);
  });
});

describe('parseQuantity', () => {
  it('reads typed text as an integer', () => {
    expect(parseQuantity('5')).toBe(5);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('2.5')).toBe(2);
    expect(parseQuantity('7abc')).toBe(7);
  });

  it('makes a cleared input 1', () => {
    expect(parseQuantity('')).toBe(1);
    expect(parseQuantity('   ')).toBe(1);
  });

  it('makes unreadable, zero or negative text 1 and caps large numbers', () => {
    expect(parseQuantity('abc')).toBe(1);
    expect(parseQuantity('0')).toBe(1);
    expect(parseQuantity('-3')).toBe(1);
    expect(parseQuantity('123456')).toBe(MAX_PICKER_QUANTITY);
  });
});

describe('decrease and increase', () => {
  it('decreases by one down to 1, and leaves 1 at exactly 1', () => {
    expect(decreaseQuantity(3)).toBe(2);
    expect(decreaseQuantity(2)).toBe(1);
    expect(decreaseQuantity(1)).toBe(1);
    expect(decreaseQuantity(0)).toBe(1);
  });

  it('can decrease only above 1', () => {
    expect(canDecrease(2)).toBe(true);
    expect(canDecrease(1)).toBe(false);
    expect(canDecrease(0)).toBe(false);
  });

  it('increases by one up to the maximum', () => {
    expect(increaseQuantity(1)).toBe(2);
    expect(increaseQuantity(MAX_PICKER_QUANTITY)).toBe(MAX_PICKER_QUANTITY);
    expect(canIncrease(1)).toBe(true);
    expect(canIncrease(MAX_PICKER_QUANTITY)).toBe(false);
  });
});
