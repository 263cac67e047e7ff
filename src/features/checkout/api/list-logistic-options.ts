import { queryOptions } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import type { LogisticOption, LogisticQuery } from '@/contract/checkout.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';

export const LIST_LOGISTIC_OPTIONS_FAILED = 'Falha ao carregar opções de entrega';

/** GET /api/order/logistic/: pick-up (type 0) or delivery (type 1) options for a CEP and number. */
export async function listLogisticOptions(query: LogisticQuery): Promise<LogisticOption[]> {
  const answer = await apiCall(
    { method: calls.listLogisticOptions.method, url: calls.listLogisticOptions.path, params: query },
    LIST_LOGISTIC_OPTIONS_FAILED,
  );
  return parseData(calls.listLogisticOptions.data, answer.data, LIST_LOGISTIC_OPTIONS_FAILED);
}

export const logisticOptionsQuery = (query: LogisticQuery) =>
  queryOptions({
    queryKey: ['checkout', 'logistic-options', query],
    queryFn: () => listLogisticOptions(query),
  });
