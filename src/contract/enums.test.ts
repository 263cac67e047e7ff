import { describe, expect, it } from 'vitest';
import {
  Channel,
  catalogModeSchema,
  channelSchema,
  codeByName,
  InitialCatalogType,
  LogisticFormValue,
  nameByCode,
  PaymentMethod,
  parseInitialCatalogType,
  paymentMethodSchema,
  RecurrenceType,
  recurrenceTypeSchema,
  SessionType,
} from './enums.ts';

describe('enumeration codes', () => {
  it('uses the codes the specs state for channels, session types, recurrences and payment methods', () => {
    expect(Channel).toEqual({ Messenger: 0, WhatsApp: 1, WebChat: 2, Instagram: 3 });
    expect(SessionType).toEqual({ Contact: 0, PlatformUser: 1, Chatbot: 2, None: 3 });
    expect(RecurrenceType).toEqual({ Daily: 10, Weekly: 20, Monthly: 30, Yearly: 40 });
    expect(LogisticFormValue).toEqual({ PickUp: 0, Delivery: 1 });
    expect(PaymentMethod).toMatchObject({
      CreditCard: 0,
      Boleto: 1,
      Pix: 3,
      OnDelivery: 5,
      Link: 6,
      Custom: 7,
      Nubank: 8,
    });
  });

  it('accepts known numeric codes and refuses unknown codes, names and numeric text', () => {
    expect(channelSchema.safeParse(1).success).toBe(true);
    expect(channelSchema.safeParse(4).success).toBe(false);
    expect(channelSchema.safeParse('WhatsApp').success).toBe(false);
    expect(channelSchema.safeParse('1').success).toBe(false);
    expect(recurrenceTypeSchema.safeParse(20).success).toBe(true);
    expect(recurrenceTypeSchema.safeParse(2).success).toBe(false);
    expect(paymentMethodSchema.safeParse(8).success).toBe(true);
    expect(paymentMethodSchema.safeParse(9).success).toBe(false);
  });

  it('takes the catalogue mode as text', () => {
    expect(catalogModeSchema.safeParse('search').success).toBe(true);
    expect(catalogModeSchema.safeParse('grid').success).toBe(false);
  });
});

describe('initial catalogue type from the chat link hash', () => {
  it('turns each name into its code', () => {
    expect(parseInitialCatalogType('Standard')).toBe(InitialCatalogType.Standard);
    expect(parseInitialCatalogType('ShowCategory')).toBe(InitialCatalogType.ShowCategory);
    expect(parseInitialCatalogType('ShowCollection')).toBe(InitialCatalogType.ShowCollection);
    expect(parseInitialCatalogType('ShowQuery')).toBe(InitialCatalogType.ShowQuery);
  });

  it('gives undefined for a missing, unknown, differently cased or numeric type', () => {
    expect(parseInitialCatalogType(undefined)).toBeUndefined();
    expect(parseInitialCatalogType(null)).toBeUndefined();
    expect(parseInitialCatalogType('')).toBeUndefined();
    expect(parseInitialCatalogType('showcategory')).toBeUndefined();
    expect(parseInitialCatalogType('1')).toBeUndefined();
    expect(parseInitialCatalogType('ShowBrand')).toBeUndefined();
  });

  it('does not mistake inherited object keys for names', () => {
    expect(parseInitialCatalogType('toString')).toBeUndefined();
    expect(parseInitialCatalogType('__proto__')).toBeUndefined();
    expect(parseInitialCatalogType('constructor')).toBeUndefined();
  });
});

describe('names and codes', () => {
  it('finds a member name by its code and a code by its name', () => {
    expect(nameByCode(Channel, 1)).toBe('WhatsApp');
    expect(nameByCode(Channel, 9)).toBeUndefined();
    expect(codeByName(SessionType, 'PlatformUser')).toBe(1);
  });
});
