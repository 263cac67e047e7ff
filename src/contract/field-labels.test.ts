import { contractInputFields } from '@tests/schema-fields.ts';
import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, fieldLabel } from './field-labels.ts';

describe('the Portuguese labels of the contract fields', () => {
  it('label every field of every call’s body, query and path parameters', () => {
    const keys = new Set(
      contractInputFields().flatMap((field) => field.path.filter((key) => typeof key === 'string')),
    );
    expect(keys.size).toBeGreaterThan(80);
    expect([...keys].filter((key) => fieldLabel(key) === undefined)).toEqual([]);
  });

  it('are Portuguese words, not the wire keys', () => {
    for (const [key, label] of Object.entries(FIELD_LABELS)) {
      expect(label, key).not.toBe(key);
      expect(label, key).toMatch(/^[A-ZÀ-Ú]/);
      expect(label, key).not.toMatch(/[a-z][A-Z]|_/);
    }
  });

  it('answer nothing for a name that is not the contract’s, nor for inherited properties', () => {
    expect(fieldLabel('desconto')).toBeUndefined();
    expect(fieldLabel('constructor')).toBeUndefined();
    expect(fieldLabel('toString')).toBeUndefined();
    expect(fieldLabel('name')).toBe('Nome');
    expect(fieldLabel('manualPaymentInformation')).toBe('Informação de pagamento');
  });
});
