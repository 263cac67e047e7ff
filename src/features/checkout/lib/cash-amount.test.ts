import { describe, expect, it } from 'vitest';
import { brlAmountText, parseBrlAmount } from './cash-amount.ts';

describe('parseBrlAmount', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['1234,56', 1234.56],
    ['10', 10],
    ['10,5', 10.5],
    ['0,99', 0.99],
    ['R$ 7,00', 7],
    ['1.234', 1234],
    ['1.234.567,8', 1234567.8],
    ['10.50', 10.5],
    [' 25 ', 25],
  ])('reads %j as %d', (text, amount) => {
    expect(parseBrlAmount(text)).toBe(amount);
  });
  it.each(['', '   ', 'abc', '-10', '10,505', '1,2,3', '12.34.5', '1e3', ',50', null, undefined])(
    'gives undefined for %j',
    (text) => {
      expect(parseBrlAmount(text)).toBeUndefined();
    },
  );
});

describe('brlAmountText', () => {
  it('writes an amount with thousands dots and two decimals', () => {
    expect(brlAmountText(1234.5)).toBe('1.234,50');
    expect(brlAmountText(0)).toBe('0,00');
  });
  it('round-trips through parseBrlAmount', () => {
    expect(parseBrlAmount(brlAmountText(98765.43))).toBe(98765.43);
  });
});
