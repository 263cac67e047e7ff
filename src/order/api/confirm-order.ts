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

/**
 * GET /api/order/confirm: the shopper's confirmation, with the total the cart showed (`expectedTotal`,
 * decision 0022: a server that finds another total refuses it). The answer's data is not shown by the spec.
 */
export async function confirmOrder(expectedTotal?: number): Promise<void> {
  // As '70.78': the query's rule is a decimal text (contract/order.ts).
  const query = expectedTotal === undefined ? {} : { expectedTotal: expectedTotal.toFixed(2) };
  await call(orderCalls.confirmOrder, { query }, CONFIRM_ORDER_FAILED);
}

/**
 * Confirms the current order; the cached order is then stale (it is now Received, or, refused, it may
 * hold another total than the one shown: the cart shows the new one with the failure's message).
 */
export function useConfirmOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CONFIRM_ORDER_MUTATION_KEY,
    mutationFn: confirmOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey }),
  });
}
