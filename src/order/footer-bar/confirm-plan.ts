// What the confirm button does (shopper spec, sections 6 and 7; docs/domain.md, "Chat links").
//
// On WhatsApp, when the shop has a phone number, the shopper goes back to the chat:
// - with a prefilled text (the shop's callback message plus the order id, or an anonymous order's id),
//   the link alone carries the confirmation to the chatbot and the confirm call is SKIPPED
//   ("when prefilled text is used the call is skipped");
// - without any text, the order is confirmed by the call first, then the chat opens.
// Everywhere else (other channels, or no phone number) the call confirms and the /confirm page follows.
import { Channel } from '@/contract/enums.ts';
import { isAnonymousOrder, type Order } from '@/contract/order.ts';
import type { Session } from '@/contract/session.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { whatsAppLink } from '@/lib/whatsapp-link.ts';

export type ConfirmPlan =
  | { kind: 'chat-link'; url: string }
  | { kind: 'confirm-then-chat'; url: string }
  | { kind: 'confirm-then-page'; path: '/confirm' };

/**
 * The prefilled text. Section 7: "the callback message plus order id", so the chatbot knows which
 * order came back; section 6: an anonymous shopper passes the order id, so without a callback
 * message an anonymous order still sends its id. An identified shopper with no message sends no text
 * (the call then confirms, and the chat opens plain).
 */
export function callbackText(
  settings: Pick<ShopSettings, 'webCatalogCallbackMessage'> | null | undefined,
  order: Pick<Order, 'id' | 'userId' | 'isAnonymousUser'>,
): string {
  const anonymous = isAnonymousOrder(order) || order.isAnonymousUser === true;
  const message = settings?.webCatalogCallbackMessage?.trim();
  if (message) return `${message} ${order.id}`;
  return anonymous ? order.id : '';
}

export function planConfirmation(
  session: Pick<Session, 'channelType'>,
  settings: Pick<ShopSettings, 'whatsApp' | 'webCatalogCallbackMessage'> | null | undefined,
  order: Pick<Order, 'id' | 'userId' | 'isAnonymousUser'>,
): ConfirmPlan {
  const chat = session.channelType === Channel.WhatsApp ? whatsAppLink(settings?.whatsApp) : undefined;
  if (!chat) return { kind: 'confirm-then-page', path: '/confirm' };
  const text = callbackText(settings, order);
  if (text) return { kind: 'chat-link', url: whatsAppLink(settings?.whatsApp, text) ?? chat };
  return { kind: 'confirm-then-chat', url: chat };
}
