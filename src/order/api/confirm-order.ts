import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as orderCalls from '@/contract/calls/order.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from './get-current-order.ts';

const CONFIRM_ORDER_FAILED = 'Não foi possível confirmar o seu pedido.';

/**
 * The key of the shopper's confirmation. Screens that show 'Atualizando...' count the mutations
 * whose key starts with 'order' (item and gift updates) and leave this one out.
 */
export const CONFIRM_ORDER_MUTATION_KEY = ['order', 'confirm'] as const;

/** GET /api/order/confirm: the shopper's confirmation. The answer's data is not shown by the spec. */
export async function confirmOrder(): Promise<void> {
  await call(orderCalls.confirmOrder, {}, CONFIRM_ORDER_FAILED);
}

/** Confirms the current order; the cached order is then stale (it is now Received). */
export function useConfirmOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CONFIRM_ORDER_MUTATION_KEY,
    mutationFn: confirmOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey }),
  });
}
