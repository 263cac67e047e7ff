import { describe, expect, it } from 'vitest';
import { PathParamError } from '@/contract/path-rules.ts';
import { ApiError } from '@/lib/api-client.ts';
import { isMissingProduct } from './get-product.ts';

const answered = (httpStatus: number) =>
  new ApiError([{ message: 'x', code: httpStatus, type: 'error', status: httpStatus }], httpStatus);

describe('a failed product read', () => {
  it('is a missing product when the store says so, or the id cannot name one', () => {
    expect(isMissingProduct(answered(404))).toBe(true);
    expect(isMissingProduct(answered(400))).toBe(true);
    expect(isMissingProduct(new PathParamError())).toBe(true);
  });

  it('is a failure, worth another try, for a server failure, no answer, a garbled answer or a limit', () => {
    for (const status of [500, 502, 503, 504, 0, 200, 429, 408]) {
      expect(isMissingProduct(answered(status)), String(status)).toBe(false);
    }
    expect(isMissingProduct(new TypeError('Failed to fetch'))).toBe(false);
  });
});
