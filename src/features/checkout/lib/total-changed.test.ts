import { describe, expect, it } from 'vitest';
import { TOTAL_CHANGED_ERROR_TYPE, TOTAL_CHANGED_MESSAGE } from '@/contract/checkout.ts';
import { ApiError } from '@/lib/api-client.ts';
import { isTotalChanged, totalChangedText } from './total-changed.ts';

describe('a confirm refused because the total changed', () => {
  it('is told apart from other refusals by its error type', () => {
    const changed = new ApiError(
      [{ message: TOTAL_CHANGED_MESSAGE, code: 409, type: TOTAL_CHANGED_ERROR_TYPE, status: 409 }],
      409,
    );
    const other = new ApiError(
      [{ message: 'Escolha o dia.', code: 400, type: 'validation', status: 400 }],
      400,
    );
    expect(isTotalChanged(changed)).toBe(true);
    expect(isTotalChanged(other)).toBe(false);
    expect(isTotalChanged(new Error(TOTAL_CHANGED_MESSAGE))).toBe(false);
  });

  it('names the new total when it is known', () => {
    expect(totalChangedText(136.74)).toBe(`${TOTAL_CHANGED_MESSAGE} Novo total: R$\u00a0136,74`);
    expect(totalChangedText(undefined)).toBe(TOTAL_CHANGED_MESSAGE);
  });
});
