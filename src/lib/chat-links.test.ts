import { describe, expect, it } from 'vitest';
import { whatsAppLink } from './chat-links.ts';

describe('whatsAppLink', () => {
  it('keeps only the digits of the phone and encodes the prefilled text', () => {
    expect(whatsAppLink('+55 (11) 94002-8922', 'Olá & até já 43')).toBe(
      `https://wa.me/5511940028922?text=${encodeURIComponent('Olá & até já 43')}`,
    );
  });

  it('has no text parameter without a text, and no link without digits', () => {
    expect(whatsAppLink('5511940028922')).toBe('https://wa.me/5511940028922');
    expect(whatsAppLink(' - ')).toBeUndefined();
    expect(whatsAppLink(undefined)).toBeUndefined();
  });
});
