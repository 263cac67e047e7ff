import { describe, expect, it } from 'vitest';
import { Channel } from '@/contract/enums.ts';
import { whatsAppLink } from '@/lib/whatsapp-link.ts';
import { callbackText, planConfirmation } from './confirm-plan.ts';

const whatsApp = { channelType: Channel.WhatsApp };
const settings = { whatsApp: '+55 (11) 94002-8922', webCatalogCallbackMessage: 'Quero finalizar!' };
const identified = { id: '42', userId: 'user-7', isAnonymousUser: false };
const anonymous = { id: '43', userId: 'anonymous-wa-1', isAnonymousUser: true };

describe('the WhatsApp chat link', () => {
  it('keeps only the digits of the phone and encodes the text', () => {
    expect(whatsAppLink('+55 (11) 94002-8922', 'Olá & até já 43')).toBe(
      'https://wa.me/5511940028922?text=Ol%C3%A1%20%26%20at%C3%A9%20j%C3%A1%2043',
    );
  });

  it('has no text parameter without a text, and no link without digits', () => {
    expect(whatsAppLink('5511940028922')).toBe('https://wa.me/5511940028922');
    expect(whatsAppLink(' - ')).toBeUndefined();
    expect(whatsAppLink(null)).toBeUndefined();
  });
});

describe('the callback text', () => {
  it('is the callback message plus the order id', () => {
    expect(callbackText(settings, identified)).toBe('Quero finalizar! 42');
    expect(callbackText(settings, anonymous)).toBe('Quero finalizar! 43');
  });

  it('reads an order as anonymous by its userId, or by its flag', () => {
    expect(callbackText({}, { id: '5', userId: 'anonymous-1' })).toBe('5');
    expect(callbackText({}, { id: '5', userId: 'x', isAnonymousUser: true })).toBe('5');
    expect(callbackText({ webCatalogCallbackMessage: '  ' }, identified)).toBe('');
  });
});

describe('the confirmation plan', () => {
  it('on WhatsApp with a prefilled text, opens the chat and skips the call', () => {
    expect(planConfirmation(whatsApp, settings, anonymous)).toEqual({
      kind: 'chat-link',
      url: 'https://wa.me/5511940028922?text=Quero%20finalizar!%2043',
    });
  });

  it('on WhatsApp with no text at all, confirms first and then opens the chat', () => {
    expect(planConfirmation(whatsApp, { whatsApp: '5511940028922' }, identified)).toEqual({
      kind: 'confirm-then-chat',
      url: 'https://wa.me/5511940028922',
    });
  });

  it('elsewhere, or without a shop phone, confirms and shows the confirmation page', () => {
    const page = { kind: 'confirm-then-page', path: '/confirm' };
    expect(planConfirmation({ channelType: Channel.WebChat }, settings, anonymous)).toEqual(page);
    expect(planConfirmation(whatsApp, { webCatalogCallbackMessage: 'Oi' }, anonymous)).toEqual(page);
    expect(planConfirmation(whatsApp, null, anonymous)).toEqual(page);
    expect(planConfirmation({}, settings, identified)).toEqual(page);
  });
});
