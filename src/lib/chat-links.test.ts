import { describe, expect, it } from 'vitest';
import { Channel } from '@/contract/enums.ts';
import { backToChatLink, chatName, whatsAppLink } from './chat-links.ts';

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

describe('the way back to the session’s chat', () => {
  it('names each channel: Messenger, WhatsApp, chat do site, Instagram; an unknown one as the conversation', () => {
    expect(chatName(Channel.Messenger)).toBe('o Messenger');
    expect(chatName(Channel.WhatsApp)).toBe('o WhatsApp');
    expect(chatName(Channel.WebChat)).toBe('o chat do site');
    expect(chatName(Channel.Instagram)).toBe('o Instagram');
    expect(chatName(undefined)).toBe('a conversa com a loja');
  });

  it('links to WhatsApp only for a WhatsApp session (or one that does not say), never for Messenger', () => {
    const link = { href: 'https://wa.me/5511940028922', label: 'Voltar para o WhatsApp' };
    expect(backToChatLink(Channel.WhatsApp, '+55 11 94002-8922')).toEqual(link);
    expect(backToChatLink(undefined, '+55 11 94002-8922')).toEqual(link);
    for (const channel of [Channel.Messenger, Channel.WebChat, Channel.Instagram]) {
      expect(backToChatLink(channel, '+55 11 94002-8922')).toBeUndefined();
    }
    expect(backToChatLink(Channel.WhatsApp, undefined)).toBeUndefined();
  });
});
