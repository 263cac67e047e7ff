import { useMutation } from '@tanstack/react-query';
import * as orderCalls from '@/contract/calls/order.ts';
import type { CatalogSendOptions } from '@/contract/catalog.ts';
import { call } from '@/lib/call.ts';

const SEND_CATALOG_FAILED = 'Não foi possível enviar o catálogo.';

export const SEND_CATALOG_MUTATION_KEY = ['operator', 'send-catalog'] as const;

/**
 * GET /api/order/send/catalog (operators only): sends the catalogue to the chat contact, opened on
 * one category, one collection or one search, or the standard catalogue when no option is given.
 * Options are trimmed; empty ones are left out of the query.
 */
export async function sendCatalog(options: CatalogSendOptions = {}): Promise<void> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(options)) {
    const text = value?.trim();
    if (text) params[name] = text;
  }
  await call(orderCalls.sendCatalog, { query: params }, SEND_CATALOG_FAILED);
}

export function useSendCatalog() {
  return useMutation({ mutationKey: SEND_CATALOG_MUTATION_KEY, mutationFn: sendCatalog });
}
