import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEnvelopeCheck, REMEMBERED_ANSWER_MAX_BYTES } from './envelope-check.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const settings = { key: 'settings' };
const product = { key: 'product' };
const bytesOf = (value: unknown) => Buffer.from(JSON.stringify(value));
const valid = bytesOf({ success: true, data: { name: 'Loja Demo' }, errors: [] });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the envelope check of the backend answers', () => {
  it('passes the envelope and names what is wrong with anything else', () => {
    const check = createEnvelopeCheck();
    expect(check.problemWith(settings, 'GET', JSON_HEADERS, valid)).toBeUndefined();
    expect(check.problemWith(settings, 'GET', { 'content-type': 'text/html' }, valid)).toBe('not_json');
    expect(check.problemWith(settings, 'GET', JSON_HEADERS, Buffer.from('{"success":'))).toBe('bad_json');
    expect(check.problemWith(settings, 'GET', JSON_HEADERS, bytesOf({ data: {} }))).toBe('not_envelope');
    expect(check.problemWith(settings, 'HEAD', {}, Buffer.alloc(0))).toBeUndefined();
  });

  it('does not parse again an answer byte for byte equal to the last valid one of the same call', () => {
    const check = createEnvelopeCheck();
    const parse = vi.spyOn(JSON, 'parse');
    for (let i = 0; i < 5; i++) {
      expect(check.problemWith(settings, 'GET', JSON_HEADERS, Buffer.from(valid))).toBeUndefined();
    }
    expect(parse).toHaveBeenCalledTimes(1);
    // Another call's first answer is its own: parsed.
    expect(check.problemWith(product, 'GET', JSON_HEADERS, Buffer.from(valid))).toBeUndefined();
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('still refuses garbage after a valid answer of the same call, whatever its size', () => {
    const check = createEnvelopeCheck();
    expect(check.problemWith(settings, 'GET', JSON_HEADERS, valid)).toBeUndefined();
    // Same length, one byte different: not the remembered answer.
    const broken = Buffer.from(valid);
    broken[broken.length - 1] = 0x20;
    expect(check.problemWith(settings, 'GET', JSON_HEADERS, broken)).toBe('bad_json');
    expect(check.problemWith(settings, 'GET', JSON_HEADERS, bytesOf({ ok: true }))).toBe('not_envelope');
    // The remembered bytes with a content type that is not JSON are refused too.
    expect(check.problemWith(settings, 'GET', { 'content-type': 'text/plain' }, valid)).toBe('not_json');
    expect(check.problemWith(settings, 'GET', JSON_HEADERS, valid)).toBeUndefined();
  });

  it('keeps its own copy: a change to the buffer it was given does not make garbage pass', () => {
    const check = createEnvelopeCheck();
    const answer = Buffer.from(valid);
    expect(check.problemWith(settings, 'GET', JSON_HEADERS, answer)).toBeUndefined();
    answer.fill(0x7b);
    expect(check.problemWith(settings, 'GET', JSON_HEADERS, answer)).toBe('bad_json');
  });

  it('checks a large answer in full every time instead of remembering it', () => {
    const check = createEnvelopeCheck();
    const large = bytesOf({ success: true, data: 'x'.repeat(REMEMBERED_ANSWER_MAX_BYTES) });
    const parse = vi.spyOn(JSON, 'parse');
    expect(check.problemWith(settings, 'GET', JSON_HEADERS, large)).toBeUndefined();
    expect(check.problemWith(settings, 'GET', JSON_HEADERS, large)).toBeUndefined();
    expect(parse).toHaveBeenCalledTimes(2);
  });
});
