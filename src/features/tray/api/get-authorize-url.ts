import { z } from 'zod/mini';
import { apiCall, parseData } from '../../../lib/api-client.ts';

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
