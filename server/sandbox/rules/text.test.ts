import { describe, expect, it } from 'vitest';
import { searchKey, searchWords, textSearch } from './text.ts';

describe('search text', () => {
  it('compares without accents or case', () => {
    expect(searchKey('  Açúcar   Refinado ')).toBe('acucar refinado');
    expect(searchWords('AÇÚCAR')).toEqual(['acucar']);
  });

  it('keeps letters and digits only, so no LIKE wildcard reaches SQL', () => {
    expect(searchWords('100% _arroz_ 5kg')).toEqual(['100', 'arroz', '5kg']);
    expect(searchWords('Coca-Cola')).toEqual(['coca', 'cola']);
  });

  it('drops filler words unless there is nothing else, and a plural s', () => {
    expect(searchWords('pão de queijo')).toEqual(['pao', 'queijo']);
    expect(searchWords('de')).toEqual(['de']);
    expect(searchWords('bananas ovos gás')).toEqual(['banana', 'ovo', 'gas']);
  });

  it('answers no words for empty or blank text', () => {
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords('!!!')).toEqual([]);
  });

  it('keeps at most 10 distinct words', () => {
    expect(searchWords('a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a1')).toHaveLength(10);
    expect(searchWords('arroz arroz')).toEqual(['arroz']);
  });

  it('keeps only letters and digits of very long text, at most 10 words, at once', () => {
    const long = `${'arroz feijão '.repeat(2000)}😀`;
    const started = performance.now();
    expect(searchWords(long)).toEqual(['arroz', 'feijao']);
    expect(searchWords(Array.from({ length: 500 }, (_, n) => `p${n}`).join(' '))).toHaveLength(10);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('what a query asks of the products', () => {
  it('no text filter for nothing or spaces only (the spec trims the text)', () => {
    expect(textSearch(undefined)).toEqual({ kind: 'any' });
    expect(textSearch('')).toEqual({ kind: 'any' });
    expect(textSearch(' \t\n ')).toEqual({ kind: 'any' });
  });

  it.each([
    ['an emoji', '😀'],
    ['a pizza and a face', '🍕 😀'],
    ['punctuation only', '!!!'],
    ['LIKE wildcards only', '%_%'],
    ['combining marks alone', '\u0301\u0308\u0327'],
    ['spacing accents', '´ ` ^ ~ ¨'],
    ['a zero-width space', '\u200b'],
    ['a lone surrogate (text cut in the middle of an emoji)', '\ud83d'],
  ])('nothing to find for %s: no product, not every product', (_what, text) => {
    expect(textSearch(text)).toEqual({ kind: 'nothing' });
  });

  it('the words of mixed case, combining marks and emoji around them', () => {
    expect(textSearch('ArRoZ')).toEqual({ kind: 'words', words: ['arroz'] });
    expect(textSearch('Cafe\u0301 😀')).toEqual({ kind: 'words', words: ['cafe'] });
    expect(textSearch('ÇÃO!!!')).toEqual({ kind: 'words', words: ['cao'] });
  });
});
