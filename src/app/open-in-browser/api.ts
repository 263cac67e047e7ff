import { createSessionTransfer, getShopPublicProfile } from '@/contract/calls/chat-app.ts';
import type { SessionTransfer } from '@/contract/chat-app.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

/**
 * The shop's public profile, read here only to learn whether the backend has the chat app's
 * extensions (decision 0024): without them it answers 404, and 'Abrir no navegador' is not offered.
 * Read once per page, never retried (a 404 stays a 404).
 */
export const chatAppProfileQuery = queryOptions({
  queryKey: ['shop-public-profile'],
  queryFn: () => call(getShopPublicProfile, {}, 'Não foi possível carregar os dados da loja.'),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** A one-time token for the tab's session, spent by the phone's browser within two minutes. */
export function mintSessionTransfer(): Promise<SessionTransfer> {
  return call(
    createSessionTransfer,
    {},
    'Não foi possível preparar o link para abrir no navegador. Tente novamente.',
  );
}
