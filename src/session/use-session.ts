import { queryOptions, useQuery } from '@tanstack/react-query';
import { SessionType } from '@/contract/enums.ts';
import { type LoadedSession, startSession } from './start-session.ts';

/** Loaded once per page load; every screen below the session layout can rely on it. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => startSession(),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function useLoadedSession(): LoadedSession & { isPlatformUser: boolean } {
  const { data } = useQuery(sessionQuery);
  if (!data) throw new Error('useLoadedSession is used outside the session layout');
  return { ...data, isPlatformUser: data.session.sessionType === SessionType.PlatformUser };
}
