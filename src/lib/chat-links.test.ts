import { describe, expect, it } from 'vitest';
import { Channel } from '@/contract/enums.ts';
import { backToChatLink, chatLinksFor, chatName, whatsAppLink, whatsAppShareLink } from './chat-links.ts';

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

  const profileChat = {
    whatsApp: '55 11 3333-4444',
    messenger: 'emporiobompreco',
    instagram: '@emporio.bompreco',
    webChat: 'https://emporio.example/chat',
  };

  it('a WhatsApp session goes back to the settings’ number first, the profile’s otherwise', () => {
    const settingsLink = { href: 'https://wa.me/5511940028922', label: 'Voltar para o WhatsApp' };
    expect(backToChatLink(Channel.WhatsApp, { whatsApp: '+55 11 94002-8922', chat: profileChat })).toEqual(
      settingsLink,
    );
    expect(backToChatLink(Channel.WhatsApp, { chat: profileChat })).toEqual({
      href: 'https://wa.me/551133334444',
      label: 'Voltar para o WhatsApp',
    });
    // A session that does not say its channel: the spec's default way back, WhatsApp.
    expect(backToChatLink(undefined, { whatsApp: '+55 11 94002-8922' })).toEqual(settingsLink);
  });

  it('Messenger goes back to m.me, Instagram to ig.me, the site’s chat to its https address', () => {
    expect(backToChatLink(Channel.Messenger, { whatsApp: '5511940028922', chat: profileChat })).toEqual({
      href: 'https://m.me/emporiobompreco',
      label: 'Voltar para o Messenger',
    });
    expect(backToChatLink(Channel.Instagram, { chat: profileChat })).toEqual({
      href: 'https://ig.me/m/emporio.bompreco',
      label: 'Voltar para o Instagram',
    });
    expect(backToChatLink(Channel.WebChat, { chat: profileChat })).toEqual({
      href: 'https://emporio.example/chat',
      label: 'Voltar para o chat do site',
    });
  });

  it('without the profile (a backend without the extension) only WhatsApp has a way back, as before', () => {
    for (const channel of [Channel.Messenger, Channel.WebChat, Channel.Instagram]) {
      expect(backToChatLink(channel, { whatsApp: '+55 11 94002-8922' })).toBeUndefined();
    }
    expect(backToChatLink(Channel.WhatsApp, {})).toBeUndefined();
  });

  it('never links to an address that is not one: no javascript:, no http web chat, no odd usernames', () => {
    const odd = {
      messenger: 'javascript:alert(1)',
      instagram: 'a b',
      webChat: 'javascript:alert(1)',
    };
    for (const channel of [Channel.Messenger, Channel.WebChat, Channel.Instagram]) {
      expect(backToChatLink(channel, { chat: odd })).toBeUndefined();
    }
    expect(
      backToChatLink(Channel.WebChat, { chat: { webChat: 'http://emporio.example/chat' } }),
    ).toBeUndefined();
  });
});

describe('the share page’s chat buttons', () => {
  it('one per chat address the shop has, WhatsApp first with the text; none without addresses', () => {
    const text = 'Olá! Quero pedir: Café 500g https://loja.example/s/emporio/p/1001';
    expect(
      chatLinksFor({ whatsApp: '5511940028922', messenger: 'emporiobompreco', instagram: 'emporio' }, text),
    ).toEqual([
      { href: `https://wa.me/5511940028922?text=${encodeURIComponent(text)}`, label: 'Pedir pelo WhatsApp' },
      { href: 'https://m.me/emporiobompreco', label: 'Pedir pelo Messenger' },
      { href: 'https://ig.me/m/emporio', label: 'Pedir pelo Instagram' },
    ]);
    expect(chatLinksFor({ webChat: 'https://emporio.example/chat' }, text, 'Falar')).toEqual([
      { href: 'https://emporio.example/chat', label: 'Falar pelo chat do site' },
    ]);
    expect(chatLinksFor(undefined, text)).toEqual([]);
    expect(chatLinksFor({}, text)).toEqual([]);
  });

  it('the share fallback asks WhatsApp whom to send the encoded text to', () => {
    expect(whatsAppShareLink('Café & pão https://x.example/s/a/p/1')).toBe(
      `https://wa.me/?text=${encodeURIComponent('Café & pão https://x.example/s/a/p/1')}`,
    );
  });
});
