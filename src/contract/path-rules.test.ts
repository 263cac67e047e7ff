import { describe, expect, it } from 'vitest';
import { CEP_PATTERN, PATH_ID_PATTERN, PathParamError, pathSegment } from './path-rules.ts';

describe('what the SPA puts in a path', () => {
  it('encodes the ids products, variants and collections really have', () => {
    expect(pathSegment('1001')).toBe('1001');
    expect(pathSegment('11103&1110302')).toBe('11103%261110302');
    expect(pathSegment('2011Variant=manga')).toBe('2011Variant%3Dmanga');
    expect(pathSegment('SKU_1-2.v1:x~y+z,w')).toBe('SKU_1-2.v1%3Ax~y%2Bz%2Cw');
    expect(pathSegment('01310-100', CEP_PATTERN)).toBe('01310-100');
  });

  it('refuses what a crafted link carries, so the call is never made', () => {
    for (const crafted of [
      '../../order/confirm',
      '..',
      '.',
      '..\\..\\order',
      'a/b',
      '%2e%2e',
      '%252e',
      'x\u0000y',
      'x\r\ny',
      'com espaço',
      '',
      'x'.repeat(201),
    ]) {
      expect(() => pathSegment(crafted), JSON.stringify(crafted)).toThrow(PathParamError);
      expect(PATH_ID_PATTERN.test(crafted)).toBe(false);
    }
    expect(() => pathSegment('0131-0100', CEP_PATTERN)).toThrow(PathParamError);
  });
});
