import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiCall, parseData } from '@/lib/api-client.ts';

const AUTHORIZE_FAILED = 'Não foi possível iniciar a autorização da Tray. Tente novamente.';
const answerSchema = z.object({ authorizeUrl: z.url() });

/** The BFF builds Tray's authorization address from its configuration and checks the store's address. */
export async function getTrayAuthorizeUrl(storeUrl: string): Promise<string> {
  const answer = await apiCall(
    { method: 'GET', url: '/tray/authorize', params: { url: storeUrl } },
    AUTHORIZE_FAILED,
  );
  return parseData(answerSchema, answer.data, AUTHORIZE_FAILED).authorizeUrl;
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
