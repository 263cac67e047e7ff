import { describe, expect, it } from 'vitest';
import { RecurrenceType } from '@/contract/enums.ts';
import {
  displayPrice,
  FREQUENCY_UNITS,
  formatBRL,
  formatCount,
  formatFrequency,
  formatPriceRange,
  formatWeight,
} from './format.ts';

/** The NO-BREAK SPACE Intl puts between 'R$' and the amount. */
const NBSP = '\u00A0';

describe('formatBRL', () => {
  it('formats reais with a thousands dot, a decimal comma and a no-break space after R$', () => {
    expect(formatBRL(1234.56)).toBe(`R$${NBSP}1.234,56`);
  });

  it('never uses a plain space after R$', () => {
    expect(formatBRL(10)).not.toContain('R$ 1');
    expect(formatBRL(10).charCodeAt(2)).toBe(0xa0);
  });

  it('always shows two decimals', () => {
    expect(formatBRL(0)).toBe(`R$${NBSP}0,00`);
    expect(formatBRL(5)).toBe(`R$${NBSP}5,00`);
    expect(formatBRL(5.5)).toBe(`R$${NBSP}5,50`);
  });

  it('rounds to the centavo', () => {
    expect(formatBRL(0.005)).toBe(`R$${NBSP}0,01`);
    expect(formatBRL(19.994)).toBe(`R$${NBSP}19,99`);
  });

  it('formats large amounts with every thousands separator', () => {
    expect(formatBRL(1_000_000)).toBe(`R$${NBSP}1.000.000,00`);
  });

  it('shows a minus sign before R$ for negative amounts', () => {
    expect(formatBRL(-5)).toBe(`-R$${NBSP}5,00`);
  });

  it('never shows a negative zero', () => {
    expect(formatBRL(-0)).toBe(`R$${NBSP}0,00`);
    expect(formatBRL(-0.001)).toBe(`R$${NBSP}0,00`);
  });

  it('returns an empty string for NaN and infinities instead of a made-up price', () => {
    expect(formatBRL(Number.NaN)).toBe('');
    expect(formatBRL(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatBRL(Number.NEGATIVE_INFINITY)).toBe('');
  });
});

describe('formatPriceRange', () => {
  it('joins the two prices with a spaced hyphen', () => {
    expect(formatPriceRange(10, 20)).toBe(`R$${NBSP}10,00 - R$${NBSP}20,00`);
  });

  it('shows the range even when both ends are equal', () => {
    expect(formatPriceRange(10, 10)).toBe(`R$${NBSP}10,00 - R$${NBSP}10,00`);
  });

  it('shows only the valid end when the other is not a number', () => {
    expect(formatPriceRange(Number.NaN, 20)).toBe(`R$${NBSP}20,00`);
    expect(formatPriceRange(10, Number.POSITIVE_INFINITY)).toBe(`R$${NBSP}10,00`);
  });

  it('returns an empty string when neither end is a number', () => {
    expect(formatPriceRange(Number.NaN, Number.NaN)).toBe('');
  });
});

describe('displayPrice', () => {
  it('a list price above the price is struck and the price is current', () => {
    expect(displayPrice({ price: 80, listPrice: 100 })).toEqual({ current: 80, struck: 100 });
  });

  it('a list price above the price wins over a lower promotional price', () => {
    expect(displayPrice({ price: 80, listPrice: 100, promotionalPrice: 50 })).toEqual({
      current: 80,
      struck: 100,
    });
  });

  it('a list price equal to the price is not struck', () => {
    expect(displayPrice({ price: 100, listPrice: 100 })).toEqual({ current: 100 });
  });

  it('a list price below the price is not struck', () => {
    expect(displayPrice({ price: 100, listPrice: 90 })).toEqual({ current: 100 });
  });

  it('a positive promotional price lower than the price replaces it, with nothing struck', () => {
    expect(displayPrice({ price: 100, promotionalPrice: 70 })).toEqual({ current: 70 });
  });

  it('a promotional price applies when the list price does not exceed the price', () => {
    expect(displayPrice({ price: 100, listPrice: 100, promotionalPrice: 70 })).toEqual({ current: 70 });
  });

  it('a promotional price equal to the price changes nothing', () => {
    expect(displayPrice({ price: 100, promotionalPrice: 100 })).toEqual({ current: 100 });
  });

  it('a promotional price higher than the price is ignored', () => {
    expect(displayPrice({ price: 100, promotionalPrice: 120 })).toEqual({ current: 100 });
  });

  it('a promotional price of zero or below is ignored', () => {
    expect(displayPrice({ price: 100, promotionalPrice: 0 })).toEqual({ current: 100 });
    expect(displayPrice({ price: 100, promotionalPrice: -5 })).toEqual({ current: 100 });
  });

  it('a product with only a positive promotional price shows that price', () => {
    expect(displayPrice({ price: null, promotionalPrice: 30 })).toEqual({ current: 30 });
  });

  it('a product with no usable price shows 0', () => {
    expect(displayPrice({})).toEqual({ current: 0 });
    expect(displayPrice({ price: Number.NaN, listPrice: 10 })).toEqual({ current: 0 });
  });

  it('null fields are treated as absent', () => {
    expect(
      displayPrice({ price: 50, listPrice: null, promotionalPrice: null, minPrice: null, maxPrice: null }),
    ).toEqual({ current: 50 });
  });

  it('a maximum price adds a range from the minimum price', () => {
    expect(displayPrice({ price: 50, minPrice: 40, maxPrice: 90 })).toEqual({
      current: 50,
      range: { min: 40, max: 90 },
    });
  });

  it('a range without a minimum price starts at the current price', () => {
    expect(displayPrice({ price: 100, promotionalPrice: 70, maxPrice: 90 })).toEqual({
      current: 70,
      range: { min: 70, max: 90 },
    });
  });

  it('a range is shown alongside a struck list price', () => {
    expect(displayPrice({ price: 80, listPrice: 100, minPrice: 80, maxPrice: 120 })).toEqual({
      current: 80,
      struck: 100,
      range: { min: 80, max: 120 },
    });
  });

  it('a maximum price of zero or a minimum price alone shows no range', () => {
    expect(displayPrice({ price: 50, maxPrice: 0 })).toEqual({ current: 50 });
    expect(displayPrice({ price: 50, minPrice: 40 })).toEqual({ current: 50 });
  });
});

describe('formatWeight', () => {
  it('a weight of 1500 kg is shown as 1,5 t', () => {
    expect(formatWeight(1500)).toBe('1,5 t');
  });

  it('a weight of exactly 1000 kg is shown as 1 t', () => {
    expect(formatWeight(1000)).toBe('1 t');
  });

  it('large weights in tonnes keep the thousands dot', () => {
    expect(formatWeight(1_234_567)).toBe('1.234,57 t');
  });

  it('a weight of 2 kg is shown as 2 kg, separated by a plain space', () => {
    expect(formatWeight(2)).toBe('2 kg');
    expect(formatWeight(2).charCodeAt(1)).toBe(0x20);
  });

  it('a weight of 1.25 kg is shown as 1,25 kg', () => {
    expect(formatWeight(1.25)).toBe('1,25 kg');
  });

  it('a weight of exactly 1 kg is shown as 1 kg', () => {
    expect(formatWeight(1)).toBe('1 kg');
  });

  it('kilograms are rounded to at most 2 decimals', () => {
    expect(formatWeight(1.234)).toBe('1,23 kg');
    expect(formatWeight(999.99)).toBe('999,99 kg');
  });

  it('a weight of 999.999 kg, which rounds to 1000 kg, is shown as 1 t rather than 1.000 kg', () => {
    expect(formatWeight(999.999)).toBe('1 t');
  });

  it('a weight of 0.5 kg is shown as 500 g', () => {
    expect(formatWeight(0.5)).toBe('500 g');
  });

  it('a weight of 0.999 kg is shown as 999 g', () => {
    expect(formatWeight(0.999)).toBe('999 g');
  });

  it('a weight of 0.1234 kg is shown as 123,4 g', () => {
    expect(formatWeight(0.1234)).toBe('123,4 g');
  });

  it('grams are rounded to at most 2 decimals', () => {
    expect(formatWeight(0.0012345)).toBe('1,23 g');
  });

  it('a weight just under 1 kg that rounds to 1000 g is shown as 1 kg rather than 1.000 g', () => {
    expect(formatWeight(0.9999999)).toBe('1 kg');
  });

  it('a weight of 0 is shown as 0 g, also for negative zero', () => {
    expect(formatWeight(0)).toBe('0 g');
    expect(formatWeight(-0)).toBe('0 g');
  });

  it('negative, NaN and infinite weights are shown as nothing', () => {
    expect(formatWeight(-1)).toBe('');
    expect(formatWeight(Number.NaN)).toBe('');
    expect(formatWeight(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatCount', () => {
  it("says '1 item' in the singular and '2 itens' in the plural, with a thousands dot", () => {
    expect(formatCount(1, 'item', 'itens')).toBe('1 item');
    expect(formatCount(2, 'item', 'itens')).toBe('2 itens');
    expect(formatCount(1200, 'item', 'itens')).toBe('1.200 itens');
  });
});

describe('formatFrequency', () => {
  it('recurrence types have the spec values', () => {
    expect(RecurrenceType).toEqual({ Daily: 10, Weekly: 20, Monthly: 30, Yearly: 40 });
  });

  it('exports the singular and plural unit words of every type', () => {
    expect(FREQUENCY_UNITS).toEqual({
      10: { singular: 'Dia', plural: 'Dias' },
      20: { singular: 'Semana', plural: 'Semanas' },
      30: { singular: 'Mês', plural: 'Meses' },
      40: { singular: 'Ano', plural: 'Anos' },
    });
  });

  it('a frequency of 1 uses the singular', () => {
    expect(formatFrequency(RecurrenceType.Daily, 1)).toBe('1 Dia');
    expect(formatFrequency(RecurrenceType.Weekly, 1)).toBe('1 Semana');
    expect(formatFrequency(RecurrenceType.Monthly, 1)).toBe('1 Mês');
    expect(formatFrequency(RecurrenceType.Yearly, 1)).toBe('1 Ano');
  });

  it('a frequency of 2 or more uses the plural', () => {
    expect(formatFrequency(RecurrenceType.Daily, 2)).toBe('2 Dias');
    expect(formatFrequency(RecurrenceType.Weekly, 2)).toBe('2 Semanas');
    expect(formatFrequency(RecurrenceType.Monthly, 3)).toBe('3 Meses');
    expect(formatFrequency(RecurrenceType.Yearly, 10)).toBe('10 Anos');
  });

  it('a fractional frequency below 2 is singular, written with a decimal comma', () => {
    expect(formatFrequency(RecurrenceType.Weekly, 1.5)).toBe('1,5 Semana');
  });

  it('accepts the raw numbers of the recurrence types', () => {
    expect(formatFrequency(20, 1)).toBe('1 Semana');
    expect(formatFrequency(30, 3)).toBe('3 Meses');
  });

  it('an unknown recurrence type is shown as nothing', () => {
    expect(formatFrequency(0, 1)).toBe('');
    expect(formatFrequency(25, 2)).toBe('');
    expect(formatFrequency(Number.NaN, 2)).toBe('');
  });

  it('a frequency of zero, below zero or not a number is shown as nothing', () => {
    expect(formatFrequency(RecurrenceType.Weekly, 0)).toBe('');
    expect(formatFrequency(RecurrenceType.Weekly, -1)).toBe('');
    expect(formatFrequency(RecurrenceType.Weekly, Number.NaN)).toBe('');
    expect(formatFrequency(RecurrenceType.Weekly, Number.POSITIVE_INFINITY)).toBe('');
  });
});
