import { describe, expect, it } from 'vitest';
import { decodePageToken, encodePageToken, queryFingerprint } from './page-token.ts';

const query = queryFingerprint({ call: 'search', category: ['1'] });

describe('page tokens', () => {
  it('round-trips a sort key through an opaque URL-safe token', () => {
    const token = encodePageToken(query, 42);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain('42');
    expect(decodePageToken(token, query)).toBe(42);
  });

  it('gives the same fingerprint to the same query and another to a different one', () => {
    expect(queryFingerprint({ call: 'search', category: ['1'] })).toBe(query);
    expect(queryFingerprint({ call: 'search', category: ['2'] })).not.toBe(query);
  });

  it('refuses a token issued for another query', () => {
    const other = queryFingerprint({ call: 'search', category: ['2'] });
    expect(decodePageToken(encodePageToken(other, 3), query)).toBeUndefined();
  });

  it.each([
    '',
    'abc',
    'p1.0123456789abcdef.3',
    Buffer.from(`p1.${query}.-1`).toString('base64url'),
    Buffer.from(`p1.${query}.1.5`).toString('base64url'),
    Buffer.from(`p2.${query}.1`).toString('base64url'),
    'x'.repeat(200),
    'a+b/c=',
  ])('refuses %s', (token) => {
    expect(decodePageToken(token, query)).toBeUndefined();
  });
});
