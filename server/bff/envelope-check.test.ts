import { describe, expect, it } from 'vitest';
import { envelopeProblem } from './envelope-check.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const bytesOf = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('the envelope check of the backend answers', () => {
  it('passes the envelope and names what is wrong with anything else', () => {
    const valid = bytesOf({ success: true, data: { name: 'Loja Demo' }, errors: [] });
    expect(envelopeProblem(JSON_HEADERS, valid)).toBeUndefined();
    expect(envelopeProblem({ 'content-type': 'application/problem+json' }, valid)).toBeUndefined();
    expect(envelopeProblem({ 'content-type': 'text/html' }, valid)).toBe('not_json');
    expect(envelopeProblem({}, valid)).toBe('not_json');
    expect(envelopeProblem(JSON_HEADERS, Buffer.from('{"success":'))).toBe('bad_json');
    expect(envelopeProblem(JSON_HEADERS, bytesOf({ data: {} }))).toBe('not_envelope');
  });
});
