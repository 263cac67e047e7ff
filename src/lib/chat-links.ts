// Links back to the shop's chat (domain notes, "Chat links"). No personal data (CPF, card) may go
// into a prefilled text.
import { Channel } from '@/contract/enums.ts';

/**
 * `https://wa.me/<digits>?text=<encoded text>`: digits only (Brazil: 55 + area code + number), the
 * text URL-encoded; no `text` parameter when there is none. Undefined when the phone has no digits.
 */
export function whatsAppLink(phone: string | null | undefined, text?: string): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return undefined;
  const base = `https://wa.me/${digits}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/**
 * WhatsApp itself, for a page that knows no shop number (a bad or ended session, an error before the
 * settings): on a phone it opens the app, where the shop's conversation is.
 */
export const WHATSAPP_HOME = 'https://wa.me/';

/** How a sentence names each channel's chat ('Volte para o Messenger'). */
const CHAT_NAMES: Readonly<Record<Channel, string>> = {
  [Channel.Messenger]: 'o Messenger',
  [Channel.WhatsApp]: 'o WhatsApp',
  [Channel.WebChat]: 'o chat do site',
  [Channel.Instagram]: 'o Instagram',
};

/**
 * The session's chat with its article, for 'Volte para …': 'o Messenger', 'o WhatsApp', 'o chat do
 * site', 'o Instagram'; 'a conversa com a loja' when the session does not say its channel.
 */
export function chatName(channel: Channel | null | undefined): string {
  return channel == null ? 'a conversa com a loja' : (CHAT_NAMES[channel] ?? 'a conversa com a loja');
}

/**
 * A link back to the session's chat: only WhatsApp has an address the shop's settings give (the
 * shop's number); the other channels are left by closing the tab. A session that does not say its
 * channel gets the WhatsApp link when the shop has one (the spec's default way back).
 */
export function backToChatLink(
  channel: Channel | null | undefined,
  whatsApp: string | null | undefined,
): { href: string; label: string } | undefined {
  if (channel != null && channel !== Channel.WhatsApp) return undefined;
  const href = whatsAppLink(whatsApp);
  return href ? { href, label: 'Voltar para o WhatsApp' } : undefined;
}
