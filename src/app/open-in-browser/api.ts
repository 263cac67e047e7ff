import { createSessionTransfer } from '@/contract/calls/chat-app.ts';
import type { SessionTransfer } from '@/contract/chat-app.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

/** A one-time token for the tab's session, spent by the phone's browser within two minutes. */
export function mintSessionTransfer(): Promise<SessionTransfer> {
  return call(
    createSessionTransfer,
    {},
    'Não foi possível preparar o link para abrir no navegador. Tente novamente.',
  );
}

/**
 * The first token, asked for once the menu's code has come (in a chat app's browser only): its
 * answer is what tells whether the backend has the session transfer (a backend without the chat app's
 * extensions answers 404, and 'Abrir no navegador' is not offered), and the first tap uses it while
 * it has time left, so the phone's browser opens at once. Never retried: a refusal stands.
 */
export const firstTransferQuery = queryOptions({
  queryKey: ['session-transfer', 'first'],
  queryFn: mintSessionTransfer,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
  retry: false,
});

/** A token the tap may still use: at least this long before its end (the phone's browser must open it). */
export const TRANSFER_MARGIN_MS = 45_000;

export const hasTimeLeft = (transfer: SessionTransfer, now = Date.now()): boolean =>
  Date.parse(transfer.expiresAt) - now > TRANSFER_MARGIN_MS;
