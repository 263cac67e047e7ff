import { describe, expect, it } from 'vitest';
import { maskLogLine } from '../log-mask.ts';
import { newRequestId, requestIdFor } from './request-id.ts';

const logged = (id: string) => `{"level":30,"time":1795384076755,"req":{"id":"${id}"}}`;

describe('request ids', () => {
  it('are random UUIDs the log masking never changes, so the logged id matches the answered one', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const id = newRequestId();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(maskLogLine(logged(id))).toBe(logged(id));
      ids.add(id);
    }
    expect(ids.size).toBe(20_000);
  });

  it('keep the id a caller sent only when it is a UUID', () => {
    expect(requestIdFor('0f8c2a9e-5b1d-4c3e-9a7f-aa12bb34cc56')).toBe('0f8c2a9e-5b1d-4c3e-9a7f-aa12bb34cc56');
    // Anything else, however harmless it looks, is not echoed into the log.
    for (const incoming of [
      'checkout-7f3a-0001',
      '4111111111111111',
      'eyJhbGciOiJIUzI1NiJ9.e30.x',
      '{"level":60}',
    ]) {
      expect(requestIdFor(incoming)).not.toBe(incoming);
    }
  });

  it('replace a caller id that is malformed, repeated or could be read as a card number', () => {
    // The id that once reached a log masked: digits 4103-4812-9345-2156695 pass Luhn.
    const cardLike = '330b8ef7-4103-4812-9345-2156695b0f68';
    expect(maskLogLine(logged(cardLike))).not.toBe(logged(cardLike));
    for (const incoming of [
      cardLike,
      'short',
      'has spaces in it',
      'x'.repeat(65),
      ['a-1234567', 'b-1234567'],
    ]) {
      const id = requestIdFor(incoming);
      expect(id).not.toEqual(incoming);
      expect(maskLogLine(logged(id))).toBe(logged(id));
    }
    expect(requestIdFor(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
