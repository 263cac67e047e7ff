// The WhatsApp link every page may need, even the landing route's error pages. Kept apart from
// chat-links.ts (the other channels, the way back to the chat, the share texts) so that the landing
// route's JavaScript carries only these few bytes: a module is never split between chunks.

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
