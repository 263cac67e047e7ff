import { describe, expect, it } from 'vitest';
import { keyOfError, NOT_ACCEPTED_MESSAGE, readableMessage } from './server-message.ts';

describe('server messages for the shopper', () => {
  it('finds the field key a sandbox message names, or the error’s own field', () => {
    expect(keyOfError({ message: 'O campo name é inválido.' })).toBe('name');
    expect(keyOfError({ message: 'O campo manualPaymentInformation é inválido.' })).toBe(
      'manualPaymentInformation',
    );
    expect(keyOfError({ message: 'O parâmetro coupon é inválido.' })).toBe('coupon');
    expect(keyOfError({ message: 'O campo logistic.price é inválido.' })).toBe('logistic');
    expect(keyOfError({ message: 'Nome: use no máximo 200 caracteres.', field: 'name' })).toBe('name');
    expect(keyOfError({ message: 'CPF inválido.' })).toBeUndefined();
  });

  it('never shows an English field key: such a message is told in Portuguese', () => {
    expect(readableMessage('O campo name é inválido.')).toBe(NOT_ACCEPTED_MESSAGE);
    expect(readableMessage('O campo manualPaymentInformation é inválido.')).toBe(NOT_ACCEPTED_MESSAGE);
  });

  it('keeps a Portuguese message as it is', () => {
    for (const message of [
      'O cupom XPTO é inválido ou expirou.',
      'O campo é obrigatório.',
      'O campo Nome aceita no máximo 200 caracteres.',
      'Preencha o campo obrigatório.',
    ]) {
      expect(readableMessage(message)).toBe(message);
    }
  });
});
