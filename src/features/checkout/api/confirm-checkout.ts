import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { AgentConfirm } from '@/contract/checkout.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const CONFIRM_CHECKOUT_FAILED = 'Falha ao finalizar o pedido';
export const CONFIRM_CHECKOUT_MUTATION_KEY = ['order', 'confirm-checkout'] as const;

/**
 * POST /api/order/confirm: finishes the checkout (contact data, payment method, manual payment
 * information), by the operator or the shopper. A failure's first message goes to 'Finalizar Pedido'.
 */
export async function confirmCheckout(body: AgentConfirm): Promise<void> {
  await call(checkoutCalls.agentConfirmOrder, { body }, CONFIRM_CHECKOUT_FAILED);
}

/** On success the cached order is stale (it is now Received) and is reloaded. */
export function useConfirmCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CONFIRM_CHECKOUT_MUTATION_KEY,
    mutationFn: confirmCheckout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey }),
  });
}
