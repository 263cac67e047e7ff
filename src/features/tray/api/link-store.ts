import { useMutation } from '@tanstack/react-query';
import * as trayCalls from '@/contract/calls/tray.ts';
import type { StoreLinkPayload } from '@/contract/tray.ts';
import { call } from '@/lib/call.ts';

export const LINK_STORE_FAILED = 'Não foi possível vincular a loja. Confira os dados e tente novamente.';

/**
 * POST /tray/link-store: links the Tray store to the chatbot (the answer is not shown). The payload
 * carries Tray's authorization code and the chatbot token: neither is logged here.
 */
export async function linkStore(payload: StoreLinkPayload): Promise<void> {
  await call(trayCalls.linkStore, { body: payload }, LINK_STORE_FAILED);
}

export function useLinkStore() {
  return useMutation({ mutationKey: ['tray', 'link-store'], mutationFn: linkStore });
}
