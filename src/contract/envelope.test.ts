import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { apiError, envelopeOf, errorEnvelope, firstErrorMessage, okEnvelope } from './envelope.ts';

describe('error object builder', () => {
  it('fills the spec defaults: code 500, type error, status 0', () => {
    expect(apiError('Falha ao carregar lojas')).toEqual({
      message: 'Falha ao carregar lojas',
      code: 500,
      type: 'error',
      status: 0,
    });
  });

  it('keeps the values it is given', () => {
    expect(apiError('Sessão inválida', 401, 'auth', 401)).toEqual({
      message: 'Sessão inválida',
      code: 401,
      type: 'auth',
      status: 401,
    });
  });
});

describe('answer envelope', () => {
  const answer = envelopeOf(z.array(z.string()));

  it('parses a success with its data and keeps unknown fields', () => {
    const parsed = answer.parse({ success: true, data: ['a'], errors: [], traceId: 'x1' });
    expect(parsed.data).toEqual(['a']);
    expect(parsed).toHaveProperty('traceId', 'x1');
  });

  it('accepts null data and null errors', () => {
    expect(answer.safeParse({ success: false, data: null, errors: null }).success).toBe(true);
  });

  it('accepts server errors with a text code and missing fields', () => {
    const parsed = answer.parse({ success: false, errors: [{ message: 'Cupom inválido', code: 'COUPON' }] });
    expect(firstErrorMessage(parsed)).toBe('Cupom inválido');
  });

  it('refuses an answer whose data has the wrong shape', () => {
    expect(answer.safeParse({ success: true, data: 'a' }).success).toBe(false);
  });

  it('refuses an answer without success', () => {
    expect(answer.safeParse({ data: ['a'] }).success).toBe(false);
  });

  it('builds success and failure envelopes that its own schema accepts', () => {
    expect(answer.safeParse(okEnvelope(['x'])).success).toBe(true);
    const failed = errorEnvelope(apiError('Erro ao mudar de fluxo'));
    expect(failed).toEqual({ success: false, data: null, errors: [apiError('Erro ao mudar de fluxo')] });
    expect(answer.safeParse(failed).success).toBe(true);
  });

  it('has no first message when there are no errors', () => {
    expect(firstErrorMessage({ errors: null })).toBeUndefined();
    expect(firstErrorMessage({ errors: [] })).toBeUndefined();
  });
});
