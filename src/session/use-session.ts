import { useQuery } from '@tanstack/react-query';
import { SessionType } from '@/contract/enums.ts';
import { sessionQuery } from './session-query.ts';
import type { LoadedSession } from './start-session.ts';

export { sessionQuery } from './session-query.ts';

export function useLoadedSession(): LoadedSession & { isPlatformUser: boolean } {
  const { data } = useQuery(sessionQuery);
  if (!data) throw new Error('useLoadedSession is used outside the session layout');
  return { ...data, isPlatformUser: data.session.sessionType === SessionType.PlatformUser };
}
