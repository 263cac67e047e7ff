import { describe, expect, it } from 'vitest';
import { searchKey, searchWords } from './text.ts';

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
});
