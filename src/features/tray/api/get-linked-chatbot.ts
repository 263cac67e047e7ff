import * as trayCalls from '@/contract/calls/tray.ts';
import { ApiError } from '@/lib/api-client.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

const GET_LINKED_CHATBOT_FAILED = 'Não foi possível verificar o vínculo da loja.';

/**
 * GET /tray/link-store/{id}: the chatbot id already linked to the Tray store, or null when
 * none (the backend answers 404 for a store with no link).
 */
export async function getLinkedChatbot(store: string): Promise<string | null> {
  try {
    return (
      (await call(trayCalls.getLinkedChatbot, { params: { id: store } }, GET_LINKED_CHATBOT_FAILED)) || null
    );
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 404) return null;
    throw error;
  }
}

export const linkedChatbotQuery = (store: string) =>
  queryOptions({
    queryKey: ['tray', 'linked-chatbot', store],
    queryFn: () => getLinkedChatbot(store),
    staleTime: 0,
    retry: false,
  });
