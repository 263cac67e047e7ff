import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { LogisticChoice } from '@/contract/checkout.ts';
import type { LogisticFormValue } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const SET_LOGISTIC_FAILED = 'Falha ao selecionar a forma de entrega';
export const SET_LOGISTIC_MUTATION_KEY = ['order', 'logistic'] as const;

/** POST /api/order/logistic/: the chosen pick-up or delivery option. Answers the updated order. */
export async function setLogistic(choice: LogisticChoice): Promise<Order> {
  return call(checkoutCalls.setLogistic, { body: choice }, SET_LOGISTIC_FAILED);
}

export function useSetLogistic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SET_LOGISTIC_MUTATION_KEY,
    mutationFn: setLogistic,
    onSuccess: (order) => {
      queryClient.setQueryData(currentOrderQuery.queryKey, order);
    },
  });
}

export const CLEAR_LOGISTIC_FAILED = 'Falha ao alterar a forma de entrega';

/**
 * POST /api/order/logistic/ without an option: the screen now shows this method (or another address
 * or store) with nothing chosen there, and the order drops the logistic it held (and, for a switch of
 * method, the seller): see logisticChoiceSchema.
 */
export function useClearLogistic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SET_LOGISTIC_MUTATION_KEY,
    mutationFn: (type: LogisticFormValue) => setLogistic({ type }),
    onSuccess: (order) => {
      queryClient.setQueryData(currentOrderQuery.queryKey, order);
    },
  });
}
