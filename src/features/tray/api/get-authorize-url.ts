import * as trayCalls from '@/contract/calls/tray.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

const AUTHORIZE_FAILED = 'Não foi possível iniciar a autorização da Tray. Tente novamente.';

/** The BFF builds Tray's authorization address from its configuration and checks the store's address. */
export async function getTrayAuthorizeUrl(storeUrl: string): Promise<string> {
  const answer = await call(trayCalls.getTrayAuthorizeUrl, { query: { url: storeUrl } }, AUTHORIZE_FAILED);
  return answer.authorizeUrl;
}

/**
 * Asked as soon as the register page opens, so a refused store address shows its message at once;
 * Authorize then only follows the address the BFF built. No retries: a refusal is final.
 */
export const trayAuthorizeQuery = (storeUrl: string) =>
  queryOptions({
    queryKey: ['tray', 'authorize', storeUrl],
    queryFn: () => getTrayAuthorizeUrl(storeUrl),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
