// The profile's call and its schemas, in a chunk of their own: a WhatsApp session's end pages never
// need them (the settings give the way back), and the payment page's budget is tight.
import * as chatAppCalls from '@/contract/calls/chat-app.ts';
import type { ShopPublicProfile } from '@/contract/chat-app.ts';
import { call } from '@/lib/call.ts';

const PROFILE_FAILED = 'Não foi possível carregar os dados da loja.';

export function fetchShopPublicProfile(): Promise<ShopPublicProfile> {
  return call(chatAppCalls.getShopPublicProfile, {}, PROFILE_FAILED);
}
