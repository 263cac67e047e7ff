import { describe, expect, it } from 'vitest';
import {
  acceptedBrands,
  brandName,
  type CardBrand,
  detectBrand,
  isAmexNumber,
  maskedNumber,
  maxNumberLength,
  numberPattern,
  numberPatterns,
  securityCodeLength,
} from './card-brand.ts';

describe('detectBrand', () => {
  it.each<[string, CardBrand]>([
    ['4111111111111111', 'visa'],
    ['4000000000000002', 'visa'],
    ['41', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['378282246310005', 'american-express'],
    ['371449635398431', 'american-express'],
    ['340000000000009', 'american-express'],
    ['30569309025904', 'diners-club'],
    ['30000000000004', 'diners-club'],
    ['36148900647913', 'diners-club'],
    ['38520000023237', 'diners-club'],
    ['3842', 'diners-club'],
    ['384150', 'diners-club'],
    ['6362970000457013', 'elo'],
    ['6363680000000000', 'elo'],
    ['5041750000000000', 'elo'],
    ['6500310000000000', 'elo'],
    ['4011780000000000', 'elo'],
    ['6062825624254001', 'hipercard'],
    ['606282', 'hipercard'],
    ['3841001111222233', 'hipercard'],
    ['3841401111222233', 'hipercard'],
    ['3841601111222233', 'hipercard'],
    ['384100', 'hipercard'],
  ])('%s is %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });

  it('reads the Hipercard 3841x0 ranges ahead of Diners Club, whatever the length (13, 16, 19)', () => {
    for (const prefix of ['384100', '384140', '384160']) {
      for (const length of [13, 16, 19]) {
        expect(detectBrand(prefix.padEnd(length, '1'))).toBe('hipercard');
      }
    }
  });

  it('leaves the 2-series outside 2221..2720 to no brand', () => {
    expect(detectBrand('2220990000000000')).not.toBe('mastercard');
    expect(detectBrand('2721000000000000')).not.toBe('mastercard');
  });

  it('accepts spaces and dashes, and answers null for nothing, letters or a prefix still shared by two brands', () => {
    expect(detectBrand('4111 1111 1111 1111')).toBe('visa');
    expect(detectBrand('5555-5555-5555-4444')).toBe('mastercard');
    expect(detectBrand('')).toBeNull();
    expect(detectBrand('abc')).toBeNull();
    // '38' may still become Diners Club or Hipercard 3841x0; '4' Visa or Elo.
    expect(detectBrand('38')).toBeNull();
    expect(detectBrand('3841')).toBeNull();
    expect(detectBrand('4')).toBeNull();
  });
});

describe('brandName', () => {
  it('gives the printed names', () => {
    expect(brandName('visa')).toBe('Visa');
    expect(brandName('mastercard')).toBe('Mastercard');
    expect(brandName('american-express')).toBe('American Express');
    expect(brandName('diners-club')).toBe('Diners Club');
    expect(brandName('elo')).toBe('Elo');
    expect(brandName('hipercard')).toBe('Hipercard');
    expect(brandName(null)).toBe('');
  });
});

describe('maxNumberLength (spec section 5)', () => {
  it.each<[CardBrand | null, number]>([
    ['american-express', 15],
    ['diners-club', 14],
    ['visa', 19],
    ['mastercard', 19],
    ['hipercard', 19],
    ['elo', 16],
    ['hiper', 16],
    ['discover', 16],
    [null, 16],
  ])('%s: %i digits', (brand, length) => {
    expect(maxNumberLength(brand)).toBe(length);
  });

  it('follows the detected brand', () => {
    expect(maxNumberLength(detectBrand('378282246310005'))).toBe(15);
    expect(maxNumberLength(detectBrand('36148900647913'))).toBe(14);
    expect(maxNumberLength(detectBrand('3841001111222233'))).toBe(19);
  });
});

describe('securityCodeLength (spec section 5)', () => {
  it('is 4 for numbers starting 34 or 37, 3 for any other', () => {
    expect(securityCodeLength('378282246310005')).toBe(4);
    expect(securityCodeLength('34')).toBe(4);
    expect(securityCodeLength('3782 822463 10005')).toBe(4);
    expect(securityCodeLength('4111111111111111')).toBe(3);
    expect(securityCodeLength('36148900647913')).toBe(3);
    expect(securityCodeLength('35')).toBe(3);
    expect(securityCodeLength('3')).toBe(3);
    expect(securityCodeLength('')).toBe(3);
    expect(isAmexNumber('371449635398431')).toBe(true);
    expect(isAmexNumber('4111')).toBe(false);
  });
});

describe('maskedNumber (PCI DSS 3.4.1: at most the first six and the last four)', () => {
  it('hides the middle digits of a full number, grouped as the brand prints it', () => {
    expect(maskedNumber('4111111111111111')).toBe('4111 11•• •••• 1111');
    expect(maskedNumber('378282246310005')).toBe('3782 82•••• •0005');
    expect(maskedNumber('4111111111111111111')).toBe('4111 11•• •••• •••1 111');
  });

  it('follows the typing and never shows more than ten digits', () => {
    expect(maskedNumber('')).toBe('');
    expect(maskedNumber('4111')).toBe('4111');
    expect(maskedNumber('4111111')).toBe('4111 111');
    expect(maskedNumber('411111222233')).toBe('4111 11•• 2233');
    for (let length = 1; length <= 19; length++) {
      const shown = maskedNumber('1234567890123456789'.slice(0, length)).replace(/\D/g, '');
      expect(shown.length).toBeLessThanOrEqual(10);
    }
  });
});

describe("numberPattern: the number field's mask for the digits typed", () => {
  it('breaks in fours until a brand is known, then as the brand prints it, as long as its number', () => {
    expect(numberPattern('')).toBe('0000 0000 0000 0000');
    expect(numberPattern('4')).toBe('0000 0000 0000 0000');
    expect(numberPattern('4111')).toBe('0000 0000 0000 0000 000');
    expect(numberPattern('5555')).toBe('0000 0000 0000 0000 000');
    expect(numberPattern('37')).toBe('0000 000000 00000');
    expect(numberPattern('36')).toBe('0000 000000 0000');
    expect(numberPattern('636368')).toBe('0000 0000 0000 0000');
    expect(numberPattern('384100')).toBe('0000 0000 0000 0000 000');
  });

  it('lists every pattern it may answer, the brandless one first', () => {
    const patterns = numberPatterns();
    expect(patterns[0]).toBe('0000 0000 0000 0000');
    for (const number of ['4111', '37', '36', '6363', '384100', '6011', '35']) {
      expect(patterns).toContain(numberPattern(number));
    }
  });
});

describe('acceptedBrands (the logos beside the number)', () => {
  const cielo = { providerId: 'cielo', brands: ['visa', 'mastercard', 'elo'] };
  const rede = { providerId: 'rede', brands: ['mastercard', 'american-express', 'hipercard'] };

  it('are the chosen option’s, or every option’s while none is chosen, each once', () => {
    expect(acceptedBrands([cielo, rede], 'rede')).toEqual(['mastercard', 'american-express', 'hipercard']);
    expect(acceptedBrands([cielo, rede], '')).toEqual([
      'visa',
      'mastercard',
      'elo',
      'american-express',
      'hipercard',
    ]);
  });

  it('leave out ids card-validator does not know', () => {
    expect(acceptedBrands([{ providerId: 'x', brands: ['visa', 'cartao-da-loja'] }], 'x')).toEqual(['visa']);
  });

  it('are the brands the form takes when the backend names none (the spec has no brands)', () => {
    expect(acceptedBrands([{ providerId: 'x' }, { providerId: 'y', brands: null }], 'x')).toEqual([
      'visa',
      'mastercard',
      'elo',
      'american-express',
      'diners-club',
      'hipercard',
    ]);
  });
});
