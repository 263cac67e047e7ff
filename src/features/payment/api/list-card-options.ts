import { queryOptions } from '@/lib/query-options.ts';
import * as paymentCalls from '@/contract/calls/payment.ts';
import type { CreditCardOption } from '@/contract/checkout.ts';
import { call } from '@/lib/call.ts';

export const CARD_OPTIONS_FAILED = 'Falha ao carregar as opções de cartão';

/** GET /api/order/payment/credit: the shop's card providers with their installment plans for the order. */
export async function listCardOptions(): Promise<CreditCardOption[]> {
  return call(paymentCalls.listCardOptions, {}, CARD_OPTIONS_FAILED);
}

export const cardOptionsQuery = queryOptions({
  queryKey: ['payment', 'card-options'],
  queryFn: listCardOptions,
});
