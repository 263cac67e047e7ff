import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '../../../contract/calls.ts';
import type { LogisticChoice } from '../../../contract/checkout.ts';
import { type Order, orderSchema } from '../../../contract/order.ts';
import { apiCall, parseData } from '../../../lib/api-client.ts';
import { currentOrderQuery } from '../../cart/api/get-current-order.ts';

export const SET_LOGISTIC_FAILED = 'Falha ao selecionar a forma de entrega';
export const SET_LOGISTIC_MUTATION_KEY = ['order', 'logistic'] as const;

/** POST /api/order/logistic/: the chosen pick-up or delivery option. Answers the updated order. */
export async function setLogistic(choice: LogisticChoice): Promise<Order> {
  const answer = await apiCall(
    { method: calls.setLogistic.method, url: calls.setLogistic.path, data: choice },
    SET_LOGISTIC_FAILED,
  );
  return parseData(orderSchema, answer.data, SET_LOGISTIC_FAILED);
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
