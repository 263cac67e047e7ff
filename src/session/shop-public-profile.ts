// The session's shop's public profile (decision 0024, an optional extension): the slug of its share
// links and its chat addresses. Read lazily, only by the screens that use it (the product page's
// share action, the end pages' way back to the chat), never by the landing route; its call and
// schemas come in their own chunk, when first read.
import type { ShopPublicProfile } from '@/contract/chat-app.ts';
import { queryOptions } from '@/lib/query-options.ts';
import { retryingImport } from '@/lib/retrying-import.ts';

const loadFetch = retryingImport(() => import('./fetch-shop-public-profile.ts'));

/**
 * Read once per page load: a shop's slug and chats hardly change. A backend without the extension
 * answers 404, which is final (no retry, as every 4xx: lib/query-client.ts) and is not asked again
 * when another screen mounts: the screens then behave as the spec says, without share or profile.
 */
export const shopPublicProfileQuery = queryOptions({
  queryKey: ['shop', 'public-profile'],
  queryFn: async (): Promise<ShopPublicProfile> => (await loadFetch()).fetchShopPublicProfile(),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retryOnMount: false,
});
