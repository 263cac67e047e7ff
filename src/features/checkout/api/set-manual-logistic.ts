import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { ManualLogisticBody } from '@/contract/checkout.ts';
import type { Order } from '@/contract/order.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const SET_MANUAL_LOGISTIC_FAILED = 'Falha ao definir o frete';
export const SET_MANUAL_LOGISTIC_MUTATION_KEY = ['order', 'manual-logistic'] as const;

export type ManualLogisticRequest = { code?: string; body: ManualLogisticBody };

/**
 * POST /api/order/logistic/manual?code=: the operator's freight ('Grátis' = price 0, 'Customizado')
 * for a delivery address (addressIndex and its CEP as code) or a pick-up store. Answers the order.
 */
export async function setManualLogistic({ code, body }: ManualLogisticRequest): Promise<Order> {
  return call(
    checkoutCalls.setManualLogistic,
    { query: code ? { code } : undefined, body },
    SET_MANUAL_LOGISTIC_FAILED,
  );
}

export function useSetManualLogistic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SET_MANUAL_LOGISTIC_MUTATION_KEY,
    mutationFn: setManualLogistic,
    onSuccess: (order) => {
      queryClient.setQueryData(currentOrderQuery.queryKey, order);
    },
  });
}
