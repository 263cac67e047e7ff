import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { LogisticOption, LogisticQuery } from '@/contract/checkout.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

export const LIST_LOGISTIC_OPTIONS_FAILED = 'Falha ao carregar opções de entrega';

/** GET /api/order/logistic/: pick-up (type 0) or delivery (type 1) options for a CEP and number. */
export async function listLogisticOptions(query: LogisticQuery): Promise<LogisticOption[]> {
  return call(checkoutCalls.listLogisticOptions, { query: query }, LIST_LOGISTIC_OPTIONS_FAILED);
}

export const logisticOptionsQuery = (query: LogisticQuery) =>
  queryOptions({
    queryKey: ['checkout', 'logistic-options', query],
    queryFn: () => listLogisticOptions(query),
  });
