import { describe, expect, it } from 'vitest';
import { decodeRankToken, encodeRankToken } from './page-token.ts';

describe('rank page tokens', () => {
  it('round-trips a rank through an opaque URL-safe token', () => {
    const token = encodeRankToken(42);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain('42');
    expect(decodeRankToken(token)).toBe(42);
  });

  it.each(['', 'abc', 'rank:3', Buffer.from('rank:-1').toString('base64url'), 'x'.repeat(100), 'a+b/c='])(
    'refuses %s',
    (token) => {
      expect(decodeRankToken(token)).toBeUndefined();
    },
  );
});
