import { queryOptions } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import type { CreditCardOption } from '@/contract/checkout.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';

export const CARD_OPTIONS_FAILED = 'Falha ao carregar as opções de cartão';

/** GET /api/order/payment/credit: the shop's card providers with their installment plans for the order. */
export async function listCardOptions(): Promise<CreditCardOption[]> {
  const answer = await apiCall(
    { method: calls.listCardOptions.method, url: calls.listCardOptions.path },
    CARD_OPTIONS_FAILED,
  );
  return parseData(calls.listCardOptions.data, answer.data, CARD_OPTIONS_FAILED);
}

export const cardOptionsQuery = queryOptions({
  queryKey: ['payment', 'card-options'],
  queryFn: listCardOptions,
});
