import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as orderCalls from '@/contract/calls/order.ts';
import type { Order, OrderItemUpdate } from '@/contract/order.ts';
import { type CallOptions, call } from '@/lib/call.ts';
import { currentOrderQuery } from './get-current-order.ts';

export const UPDATE_ORDER_ITEM_FAILED = 'Não foi possível atualizar o carrinho.';

/**
 * POST /api/order/items/: adds, changes or removes (quantity 0) one item. Without `index` the
 * product is added (the server adds the quantity to the same line when there is one).
 * Answers the updated order.
 */
export async function updateOrderItem(
  body: OrderItemUpdate,
  options: Pick<CallOptions, 'keepalive'> = {},
): Promise<Order> {
  return call(orderCalls.updateOrderItem, { body, ...options }, UPDATE_ORDER_ITEM_FAILED);
}

/**
 * The item update as a mutation. The returned order replaces the cached current order, so the top
 * bar badge, the cart and the checkout all show it without another request.
 * Feedback (toasts) is the caller's: the same call serves the card, the product page and the cart.
 */
export function useUpdateOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({
    // The footer bar shows 'Atualizando...' while any ['order', …] change runs.
    mutationKey: ['order', 'update'],
    mutationFn: (body: OrderItemUpdate) => updateOrderItem(body),
    onSuccess: (order) => {
      queryClient.setQueryData(currentOrderQuery.queryKey, order);
    },
    // A call that got no answer may still have reached the server: the badge and the cart show what
    // the order really holds (the add itself is never sent again: it adds, it does not set).
    onError: () => queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey }),
  });
}
