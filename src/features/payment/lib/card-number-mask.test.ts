import IMask from 'imask';
import { describe, expect, it } from 'vitest';
import { CARD_NUMBER_INPUT } from './card-number-mask.ts';

/** What the field shows once this text is typed or pasted. */
function typed(text: string): string {
  const masked = IMask.createMask(CARD_NUMBER_INPUT.options);
  masked.resolve(text);
  return masked.value;
}

describe('the card number as it is typed', () => {
  it('groups a Visa or Mastercard number in fours, a fifth group for 19 digits', () => {
    expect(typed('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(typed('5555 5555-5555 4444')).toBe('5555 5555 5555 4444');
    expect(typed('41111')).toBe('4111 1');
    expect(typed('41111111111111111119999')).toBe('4111 1111 1111 1111 111');
  });

  it('groups American Express 4-6-5 and Diners 4-6-4, and stops at their 15 and 14 digits', () => {
    expect(typed('378282246310005')).toBe('3782 822463 10005');
    expect(typed('3782-8224 6310 0059999')).toBe('3782 822463 10005');
    expect(typed('3614890064791399')).toBe('3614 890064 7913');
  });

  it('stops an Elo at 16 digits and drops letters', () => {
    expect(typed('636368000000000099')).toBe('6363 6800 0000 0000');
    expect(typed('abc')).toBe('');
  });

  it('has a numeric keyboard and the browser’s saved cards', () => {
    expect(CARD_NUMBER_INPUT.inputMode).toBe('numeric');
    expect(CARD_NUMBER_INPUT.autoComplete).toBe('cc-number');
  });
});
