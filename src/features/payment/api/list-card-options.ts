import * as paymentCalls from '@/contract/calls/payment.ts';
import type { CreditCardOption } from '@/contract/checkout.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

export const CARD_OPTIONS_FAILED = 'Falha ao carregar as opções de cartão';

/** GET /api/order/payment/credit: the shop's card providers with their installment plans for the order. */
export async function listCardOptions(): Promise<CreditCardOption[]> {
  return call(paymentCalls.listCardOptions, {}, CARD_OPTIONS_FAILED);
}

/**
 * The card options for an order total: read again whenever the total changes (issue 34: plans of an
 * old total charged a new one). The answer keeps the total it was read for, so that the page shows
 * a total only with its own plans, also while the next total's plans are being read.
 */
export const cardOptionsQuery = (total: number | null | undefined) =>
  queryOptions({
    queryKey: ['order', 'card-options', total],
    queryFn: async () => ({ total, options: await listCardOptions() }),
  });
