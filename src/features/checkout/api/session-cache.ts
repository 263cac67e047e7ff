import type { QueryClient } from '@tanstack/react-query';
import type { Address, Customer } from '@/contract/session.ts';
import { sessionQuery } from '@/session/use-session.ts';

/** Writes a change into the cached session's userShop (addresses, customer); no session, no change. */
export function updateCachedUserShop(
  queryClient: QueryClient,
  change: { addresses?: Address[]; customer?: Customer },
): void {
  queryClient.setQueryData(sessionQuery.queryKey, (loaded) => {
    const userShop = loaded?.session.userShop;
    if (!loaded || !userShop) return loaded;
    return { ...loaded, session: { ...loaded.session, userShop: { ...userShop, ...change } } };
  });
}
