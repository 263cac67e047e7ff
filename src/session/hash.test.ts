import { describe, expect, it } from 'vitest';
import { ANONYMOUS_SESSION_CODE, isValidSessionCode as isSafeSessionCode } from '@/contract/session.ts';
import { INITIAL_CATALOG_TYPES, parseSessionHash, urlWithoutHash } from './hash.ts';

describe('parseSessionHash', () => {
  it('reads the code, catalogue type and id of a chat link', () => {
    expect(parseSessionHash('#demo-shopper?type=ShowCategory&id=12')).toStrictEqual({
      code: 'demo-shopper',
      catalogType: 'ShowCategory',
      catalogId: '12',
    });
  });

  it('reads what location.hash of a real URL holds', () => {
    const url = new URL('https://shop.example/catalog#demo-shopper?type=ShowCollection&id=COLLECTION_7');
    expect(parseSessionHash(url.hash)).toStrictEqual({
      code: 'demo-shopper',
      catalogType: 'ShowCollection',
      catalogId: 'COLLECTION_7',
    });
  });

  it('a code without a query carries no catalogue type or id', () => {
    expect(parseSessionHash('#demo-shopper')).toStrictEqual({ code: 'demo-shopper' });
  });

  it('accepts a hash without the leading #', () => {
    expect(parseSessionHash('demo-shopper?id=3')).toStrictEqual({ code: 'demo-shopper', catalogId: '3' });
  });

  it('an empty hash, a lone # or a lone ? carries nothing', () => {
    expect(parseSessionHash('')).toStrictEqual({});
    expect(parseSessionHash('#')).toStrictEqual({});
    expect(parseSessionHash('#?')).toStrictEqual({});
  });

  it('a query without a code still carries the catalogue type and id', () => {
    expect(parseSessionHash('#?type=ShowQuery&id=arroz%20integral')).toStrictEqual({
      catalogType: 'ShowQuery',
      catalogId: 'arroz integral',
    });
  });

  it('URI-decodes and trims the code', () => {
    expect(parseSessionHash('#%20abc%3A123%20')).toStrictEqual({ code: 'abc:123' });
  });

  it('a code that is only whitespace is absent, not refused', () => {
    expect(parseSessionHash('#%20%20?id=1')).toStrictEqual({ catalogId: '1' });
  });

  it('accepts every allowed character in a code', () => {
    const code = 'AZaz09-_.:~';
    expect(parseSessionHash(`#${code}`)).toStrictEqual({ code });
  });

  it('accepts a code of 200 characters and refuses one of 201', () => {
    expect(parseSessionHash(`#${'a'.repeat(200)}`)).toStrictEqual({ code: 'a'.repeat(200) });
    expect(parseSessionHash(`#${'a'.repeat(201)}`)).toStrictEqual({ codeRejected: true });
  });

  it.each([
    ['markup', '#<script>alert(1)</script>'],
    ['an encoded slash (path traversal)', '#..%2F..%2Fadmin'],
    ['an inner space', '#abc%20def'],
    ['a quote', "#abc'def"],
    ['an ampersand', '#abc&type=x'],
    ['non-ASCII letters', '#sessão'],
    ['an encoded newline', '#abc%0Adef'],
  ])('refuses a code with %s', (_name, hash) => {
    const parsed = parseSessionHash(hash);
    expect(parsed.code).toBeUndefined();
    expect(parsed.codeRejected).toBe(true);
  });

  it('refuses a badly percent-encoded code without throwing', () => {
    expect(parseSessionHash('#%E0%A4%A?type=ShowCategory&id=2')).toStrictEqual({
      codeRejected: true,
      catalogType: 'ShowCategory',
      catalogId: '2',
    });
  });

  it('the catalogue type is matched case-insensitively and returned in its canonical spelling', () => {
    expect(parseSessionHash('#c?type=showcategory').catalogType).toBe('ShowCategory');
    expect(parseSessionHash('#c?type=%20STANDARD%20').catalogType).toBe('Standard');
  });

  it('accepts each initial catalogue type of the spec', () => {
    for (const type of INITIAL_CATALOG_TYPES) {
      expect(parseSessionHash(`#c?type=${type}`).catalogType).toBe(type);
    }
  });

  it('an unknown catalogue type is ignored', () => {
    expect(parseSessionHash('#c?type=DropTables&id=1')).toStrictEqual({ code: 'c', catalogId: '1' });
    expect(parseSessionHash('#c?type=&id=1')).toStrictEqual({ code: 'c', catalogId: '1' });
  });

  it('the catalogue id is decoded (+ as a space) and trimmed', () => {
    expect(parseSessionHash('#c?type=ShowQuery&id=+feij%C3%A3o+preto+').catalogId).toBe('feijão preto');
  });

  it('an empty catalogue id is ignored', () => {
    expect(parseSessionHash('#c?type=ShowCategory&id=%20')).toStrictEqual({
      code: 'c',
      catalogType: 'ShowCategory',
    });
  });

  it('a catalogue id over 200 characters or with control characters is ignored', () => {
    expect(parseSessionHash(`#c?id=${'x'.repeat(200)}`).catalogId).toBe('x'.repeat(200));
    expect(parseSessionHash(`#c?id=${'x'.repeat(201)}`).catalogId).toBeUndefined();
    expect(parseSessionHash('#c?id=a%00b').catalogId).toBeUndefined();
    expect(parseSessionHash('#c?id=a%0Ab').catalogId).toBeUndefined();
  });

  it('the first of repeated parameters wins and unknown parameters are ignored', () => {
    expect(parseSessionHash('#c?id=1&id=2&foo=bar')).toStrictEqual({ code: 'c', catalogId: '1' });
  });

  it('only the first ? splits the code from the query', () => {
    expect(parseSessionHash('#c?type=ShowQuery&id=what?').catalogId).toBe('what?');
  });
});

describe('isSafeSessionCode', () => {
  it('accepts safe tokens and refuses everything else', () => {
    expect(isSafeSessionCode('demo-shopper')).toBe(true);
    expect(isSafeSessionCode('')).toBe(false);
    expect(isSafeSessionCode('a b')).toBe(false);
    expect(isSafeSessionCode('a/b')).toBe(false);
  });
});

describe('ANONYMOUS_SESSION_CODE', () => {
  it('is the spec fallback code and is itself a safe token', () => {
    expect(ANONYMOUS_SESSION_CODE).toBe('anonymous-session');
    expect(isSafeSessionCode(ANONYMOUS_SESSION_CODE)).toBe(true);
  });
});

describe('urlWithoutHash', () => {
  it('removes the whole fragment and keeps the path and query', () => {
    expect(urlWithoutHash('https://shop.example/catalog?x=1#demo-shopper?type=ShowCategory&id=12')).toBe(
      'https://shop.example/catalog?x=1',
    );
  });

  it('removes an empty fragment too', () => {
    expect(urlWithoutHash('/catalog#')).toBe('/catalog');
  });

  it('leaves a URL without a fragment unchanged', () => {
    expect(urlWithoutHash('/catalog?x=1')).toBe('/catalog?x=1');
  });
});
