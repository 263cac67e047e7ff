import { ApiError } from '@/lib/api-client.ts';
import { shouldRetryRead } from '@/lib/query-client.ts';
import { queryOptions } from '@/lib/query-options.ts';
import { startSession } from './start-session.ts';

/**
 * The tab's session and its shop's settings, loaded once per page load: the page's first script
 * starts it (app/prefetch-landing.ts) and every screen below the session layout reads it. A call
 * that got no answer, or met a backend failure, is tried again as any read is; a refused or ended
 * session is final.
 */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => startSession(),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: (failureCount: number, error: unknown) =>
    error instanceof ApiError && shouldRetryRead(failureCount, error),
});
