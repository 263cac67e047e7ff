import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as paymentCalls from '@/contract/calls/payment.ts';
import type { InstallmentsBody } from '@/contract/checkout.ts';
import type { Order } from '@/contract/order.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const SET_INSTALLMENTS_FAILED = 'Falha ao atualizar as parcelas';
export const SET_INSTALLMENTS_MUTATION_KEY = ['order', 'installments'] as const;

/** POST /api/order/payment/credit/installments: the chosen card provider and installments; answers the order. */
export async function setInstallments(body: InstallmentsBody): Promise<Order> {
  return call(paymentCalls.setInstallments, { body }, SET_INSTALLMENTS_FAILED);
}

/** The answered order replaces the cached one. */
export function useSetInstallments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SET_INSTALLMENTS_MUTATION_KEY,
    mutationFn: setInstallments,
    onSuccess: (order) => {
      queryClient.setQueryData(currentOrderQuery.queryKey, order);
    },
  });
}
