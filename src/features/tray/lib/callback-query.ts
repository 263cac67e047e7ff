import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { storeLinkPayloadSchema } from '@/contract/tray.ts';

/** What Tray's callback brings in its query: the part of the store link payload not typed in. */
export const trayAuthorizationSchema = z.omit(storeLinkPayloadSchema, {
  chatbotId: true,
  chatbotToken: true,
});
export type TrayAuthorization = z.infer<typeof trayAuthorizationSchema>;

/**
 * Reads store, adm_user, code, api_address and store_host from a query string; undefined when any
 * of them is missing or empty (the page was not opened by Tray's callback).
 */
export function readTrayAuthorization(search: string): TrayAuthorization | undefined {
  const query = new URLSearchParams(search);
  const value = (name: string) => query.get(name)?.trim() ?? '';
  const parsed = trayAuthorizationSchema.safeParse({
    store: value('store'),
    admUser: value('adm_user'),
    code: value('code'),
    apiAddress: value('api_address'),
    storeHost: value('store_host'),
  });
  return parsed.success ? parsed.data : undefined;
}

/**
 * The callback's authorization, read once from the address bar; the query (which holds Tray's
 * single-use code) is then removed from the address with history.replaceState, so it stays neither
 * in the URL, nor in the history, nor in a bookmark or a shared link. The router is not told: the
 * page keeps what it read, and nothing else reads this route's query.
 */
export function useTrayAuthorizationOnce(): TrayAuthorization | undefined {
  const [authorization] = useState(() => readTrayAuthorization(window.location.search));
  useEffect(() => {
    const { pathname, search } = window.location;
    if (search) window.history.replaceState(window.history.state, '', pathname);
  }, []);
  return authorization;
}
