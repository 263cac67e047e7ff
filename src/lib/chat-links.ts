// Links to the shop's chats (docs/domain.md, "Chat links"; decision 0024): the way back to the
// session's chat, and the share page's 'Pedir pelo …'. No personal data (CPF, card, name, phone) may
// go into a prefilled text: only the product and its public link.
//
// The WhatsApp link itself lives in whatsapp-link.ts, which the landing route's pages use: this module
// comes only with the screens that need it.
import type { ShopChat } from '@/contract/chat-app.ts';
import { Channel } from '@/contract/enums.ts';
import { whatsAppLink } from './whatsapp-link.ts';

export { WHATSAPP_HOME, whatsAppLink } from './whatsapp-link.ts';

/** A Facebook page's username or numeric id, as m.me takes it. */
const MESSENGER_PAGE = /^[A-Za-z0-9.\-_]{1,100}$/;
/** An Instagram username (letters, digits, dots, underscores), with or without its '@'. */
const INSTAGRAM_USER = /^@?([A-Za-z0-9._]{1,30})$/;

/** `https://m.me/<page>`; undefined when the page is not a page's name or id. */
export function messengerLink(page: string | null | undefined): string | undefined {
  const name = page?.trim() ?? '';
  return MESSENGER_PAGE.test(name) ? `https://m.me/${name}` : undefined;
}

/** `https://ig.me/m/<username>`; undefined when the username is not one. */
export function instagramLink(username: string | null | undefined): string | undefined {
  const name = INSTAGRAM_USER.exec(username?.trim() ?? '')?.[1];
  return name ? `https://ig.me/m/${name}` : undefined;
}

/** The site's chat: an https address only (never javascript:, data: or plain http). */
export function webChatLink(address: string | null | undefined): string | undefined {
  try {
    const url = new URL(address?.trim() ?? '');
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** `https://wa.me/?text=<encoded text>`: WhatsApp asks whom to send the text to (the share fallback). */
export function whatsAppShareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

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

export type ChatLink = { href: string; label: string };

/** Where the way back to the chat may lead: the spec's settings first, the optional profile's chats. */
export type ChatAddresses = {
  /** The settings' `whatsApp` (the spec's own data). */
  whatsApp?: string | null;
  /** The shop's public profile's chats (decision 0024), when the backend has the extension. */
  chat?: ShopChat | null;
};

/** Each channel's address from the shop's chats, and its name for a label. */
function channelLink(channel: Channel, { whatsApp, chat }: ChatAddresses): string | undefined {
  switch (channel) {
    case Channel.WhatsApp:
      return whatsAppLink(whatsApp) ?? whatsAppLink(chat?.whatsApp);
    case Channel.Messenger:
      return messengerLink(chat?.messenger);
    case Channel.Instagram:
      return instagramLink(chat?.instagram);
    case Channel.WebChat:
      return webChatLink(chat?.webChat);
    default:
      return undefined;
  }
}

/**
 * A link back to the session's own chat: WhatsApp to the settings' number (else the profile's),
 * Messenger to m.me, Instagram to ig.me, the web chat to its https address. A session that does not
 * say its channel gets the WhatsApp link when the shop has one (the spec's default way back).
 * Undefined when the shop gives no address for that channel: the page then says to close the tab.
 */
export function backToChatLink(
  channel: Channel | null | undefined,
  addresses: ChatAddresses,
): ChatLink | undefined {
  const on = channel ?? Channel.WhatsApp;
  const href = channelLink(on, addresses);
  return href ? { href, label: `Voltar para ${CHAT_NAMES[on]}` } : undefined;
}

/**
 * The share page's buttons, one per chat address the shop has, WhatsApp first: 'Pedir pelo WhatsApp'
 * (wa.me with `text`), 'Pedir pelo Messenger', 'Pedir pelo Instagram', 'Pedir pelo chat do site'.
 * `verb` is 'Pedir' for a product that can be bought, 'Falar' for one that cannot now.
 */
export function chatLinksFor(chat: ShopChat | null | undefined, text: string, verb = 'Pedir'): ChatLink[] {
  const links: [string | undefined, Channel][] = [
    [whatsAppLink(chat?.whatsApp, text), Channel.WhatsApp],
    [messengerLink(chat?.messenger), Channel.Messenger],
    [instagramLink(chat?.instagram), Channel.Instagram],
    [webChatLink(chat?.webChat), Channel.WebChat],
  ];
  return links.flatMap(([href, channel]) =>
    href ? [{ href, label: `${verb} pelo ${CHAT_NAMES[channel].slice(2)}` }] : [],
  );
}
