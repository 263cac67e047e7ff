import { describe, expect, it } from 'vitest';
import { cardPaymentPayloadSchema } from '@/contract/checkout.ts';
import {
  CARD_FIELD_MESSAGES,
  CARD_FORM_INVALID_MESSAGE,
  type CardFormValues,
  cardFormProblems,
  documentWithoutMask,
  isCardFormValid,
  isValidCardDocument,
  isValidExpiry,
  parseExpiry,
  toCardPayload,
} from './card-rules.ts';

/** 15 March 2026, local time. */
const now = new Date(2026, 2, 15, 12, 0, 0);

const valid: CardFormValues = {
  providerId: 'cielo',
  installments: 3,
  number: '4111111111111111',
  name: 'MARIANA S OLIVEIRA',
  expiry: '07/31',
  securityCode: '123',
  document: '529.982.247-25',
  zipCode: '01310-100',
  address: 'Avenida Paulista',
  addressNumber: '1000',
  complement: '',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

const problems = (changes: Partial<CardFormValues>, enableCnpj = false) =>
  cardFormProblems({ ...valid, ...changes }, { enableCnpj, now });

describe('isValidExpiry', () => {
  it('takes the pattern 2 digits, slash, 2 digits with a real month', () => {
    expect(isValidExpiry('07/31', now)).toBe(true);
    expect(isValidExpiry('12/26', now)).toBe(true);
    for (const text of [
      '',
      '7/31',
      '07/2031',
      '0731',
      '07-31',
      '__/__',
      '07/3_',
      'ab/cd',
      '00/30',
      '13/30',
    ]) {
      expect(isValidExpiry(text, now), text).toBe(false);
    }
  });

  it('refuses a past month; the current month is still good', () => {
    expect(isValidExpiry('03/26', now)).toBe(true);
    expect(isValidExpiry('02/26', now)).toBe(false);
    expect(isValidExpiry('12/25', now)).toBe(false);
    expect(isValidExpiry('01/20', now)).toBe(false);
    expect(isValidExpiry('12/26', new Date(2026, 11, 31, 23, 59))).toBe(true);
    expect(isValidExpiry('12/26', new Date(2027, 0, 1, 0, 0))).toBe(false);
  });

  it('refuses an expiry more than 20 years ahead (a typing mistake)', () => {
    expect(isValidExpiry('03/46', now)).toBe(true);
    expect(isValidExpiry('04/46', now)).toBe(false);
    expect(isValidExpiry('01/99', now)).toBe(false);
  });

  it('parseExpiry splits into the month and a four-digit year', () => {
    expect(parseExpiry('07/31')).toEqual({ month: '07', year: '2031' });
    expect(parseExpiry('13/31')).toBeNull();
  });
});

describe('cardFormProblems: "Card form valid only if" (spec section 5)', () => {
  it('accepts a complete form; complement is optional', () => {
    expect(cardFormProblems(valid, { enableCnpj: false, now })).toEqual({});
    expect(isCardFormValid(valid, { enableCnpj: false, now })).toBe(true);
    expect(problems({ complement: 'Apto 12' })).toEqual({});
  });

  it('requires a card type', () => {
    expect(problems({ providerId: '' })).toEqual({ providerId: CARD_FIELD_MESSAGES.providerId });
  });

  it('requires number, name and expiry', () => {
    expect(problems({ number: '' })).toEqual({ number: CARD_FIELD_MESSAGES.number });
    expect(problems({ name: '   ' })).toEqual({ name: CARD_FIELD_MESSAGES.name });
    expect(problems({ expiry: '' })).toEqual({ expiry: CARD_FIELD_MESSAGES.expiry });
  });

  it('refuses a number too short for the payment call (12 digits)', () => {
    expect(problems({ number: '41111111111' })).toEqual({ number: CARD_FIELD_MESSAGES.numberIncomplete });
    expect(problems({ number: '411111111111' }).number).toBeUndefined();
  });

  it('refuses an expiry off the pattern or in the past', () => {
    expect(problems({ expiry: '7/31' })).toEqual({ expiry: CARD_FIELD_MESSAGES.expiryInvalid });
    expect(problems({ expiry: '13/31' })).toEqual({ expiry: CARD_FIELD_MESSAGES.expiryInvalid });
    expect(problems({ expiry: '02/26' })).toEqual({ expiry: CARD_FIELD_MESSAGES.expiryPast });
  });

  it('wants a 4-digit security code for numbers starting 34 or 37, else 3', () => {
    expect(problems({ securityCode: '' })).toEqual({ securityCode: CARD_FIELD_MESSAGES.securityCode3 });
    expect(problems({ securityCode: '12' })).toEqual({ securityCode: CARD_FIELD_MESSAGES.securityCode3 });
    expect(problems({ securityCode: '1234' })).toEqual({ securityCode: CARD_FIELD_MESSAGES.securityCode3 });
    expect(problems({ securityCode: '12a' })).toEqual({ securityCode: CARD_FIELD_MESSAGES.securityCode3 });
    const amex = '378282246310005';
    expect(problems({ number: amex, securityCode: '1234' })).toEqual({});
    expect(problems({ number: amex, securityCode: '123' })).toEqual({
      securityCode: CARD_FIELD_MESSAGES.securityCode4,
    });
    expect(problems({ number: '340000000000009', securityCode: '123' }).securityCode).toBe(
      CARD_FIELD_MESSAGES.securityCode4,
    );
    expect(problems({ number: '36148900647913', securityCode: '123' })).toEqual({});
  });

  it('wants a valid CPF when CNPJ is not enabled', () => {
    expect(problems({ document: '52998224725' })).toEqual({});
    expect(problems({ document: '111.444.777-35' })).toEqual({});
    expect(problems({ document: '529.982.247-00' })).toEqual({ document: 'CPF inválido.' });
    expect(problems({ document: '111.111.111-11' })).toEqual({ document: 'CPF inválido.' });
    expect(problems({ document: '' })).toEqual({ document: 'CPF inválido.' });
    // A valid CNPJ is no CPF.
    expect(problems({ document: '11.222.333/0001-81' })).toEqual({ document: 'CPF inválido.' });
  });

  it('takes a CPF or a CNPJ (numeric or alphanumeric) when CNPJ is enabled', () => {
    expect(problems({ document: '529.982.247-25' }, true)).toEqual({});
    expect(problems({ document: '11.222.333/0001-81' }, true)).toEqual({});
    expect(problems({ document: '12.ABC.345/01DE-35' }, true)).toEqual({});
    expect(problems({ document: '12abc34501de35' }, true)).toEqual({});
    expect(problems({ document: '11.222.333/0001-82' }, true)).toEqual({
      document: CARD_FIELD_MESSAGES.document,
    });
    expect(problems({ document: '00.000.000/0000-00' }, true)).toEqual({
      document: CARD_FIELD_MESSAGES.document,
    });
    expect(isValidCardDocument('11222333000181', false)).toBe(false);
    expect(isValidCardDocument('11222333000181', true)).toBe(true);
  });

  it('wants a CEP of 5 digits, hyphen, 3 digits', () => {
    expect(problems({ zipCode: '01310100' })).toEqual({ zipCode: CARD_FIELD_MESSAGES.zipCode });
    expect(problems({ zipCode: '01310-10' })).toEqual({ zipCode: CARD_FIELD_MESSAGES.zipCode });
    expect(problems({ zipCode: '_____-___' })).toEqual({ zipCode: CARD_FIELD_MESSAGES.zipCode });
    expect(problems({ zipCode: '' })).toEqual({ zipCode: CARD_FIELD_MESSAGES.zipCode });
  });

  it('requires address, number, neighborhood, city and state', () => {
    expect(problems({ address: '', addressNumber: ' ', neighborhood: '', city: '', state: '' })).toEqual({
      address: CARD_FIELD_MESSAGES.address,
      addressNumber: CARD_FIELD_MESSAGES.addressNumber,
      neighborhood: CARD_FIELD_MESSAGES.neighborhood,
      city: CARD_FIELD_MESSAGES.city,
      state: CARD_FIELD_MESSAGES.state,
    });
  });

  it('lists every failing field of an empty form at once', () => {
    const empty: CardFormValues = {
      providerId: '',
      installments: 1,
      number: '',
      name: '',
      expiry: '',
      securityCode: '',
      document: '',
      zipCode: '',
      address: '',
      addressNumber: '',
      complement: '',
      neighborhood: '',
      city: '',
      state: '',
    };
    expect(Object.keys(cardFormProblems(empty, { enableCnpj: true, now })).sort()).toEqual(
      [
        'address',
        'addressNumber',
        'city',
        'document',
        'expiry',
        'name',
        'neighborhood',
        'number',
        'providerId',
        'securityCode',
        'state',
        'zipCode',
      ].sort(),
    );
    expect(isCardFormValid(empty, { enableCnpj: true, now })).toBe(false);
  });

  it('has the spec’s toast text', () => {
    expect(CARD_FORM_INVALID_MESSAGE).toBe('Por favor, verifique os campos e tente novamente');
  });
});

describe('toCardPayload (spec section 3)', () => {
  it('sends digits-only number, month and four-digit year, CPF without mask, trimmed texts, no empty complement', () => {
    const payload = toCardPayload({ ...valid, name: '  MARIANA S OLIVEIRA ', city: ' São Paulo ' });
    expect(payload).toEqual({
      providerId: 'cielo',
      installments: 3,
      number: '4111111111111111',
      name: 'MARIANA S OLIVEIRA',
      securityCode: '123',
      expiryMonth: '07',
      expiryYear: '2031',
      document: '52998224725',
      zipCode: '01310-100',
      address: 'Avenida Paulista',
      addressNumber: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(cardPaymentPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('keeps a complement, strips a CNPJ’s mask (upper case) and passes the contract', () => {
    const payload = toCardPayload({ ...valid, complement: ' Apto 12 ', document: '11.222.333/0001-81' });
    expect(payload.complement).toBe('Apto 12');
    expect(payload.document).toBe('11222333000181');
    expect(cardPaymentPayloadSchema.safeParse(payload).success).toBe(true);
    expect(documentWithoutMask('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(documentWithoutMask('529.982.247-25')).toBe('52998224725');
  });

  it('refuses values whose expiry cannot be split', () => {
    expect(() => toCardPayload({ ...valid, expiry: '7/31' })).toThrow();
  });
});
