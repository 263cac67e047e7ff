import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as orderCalls from '@/contract/calls/order.ts';
import type { GiftSelection, Order } from '@/contract/order.ts';
import { call } from '@/lib/call.ts';
import { toast } from '@/lib/toast.ts';
import { currentOrderQuery } from './get-current-order.ts';

export const UPDATE_GIFTS_FAILED = 'Não foi possível salvar a escolha do brinde.';

/**
 * POST /api/order/gift/: replaces the chosen gifts of one gift group (an empty list clears them).
 * `index` of each chosen gift is its position in the group's availableGifts. Answers the updated order.
 */
export async function updateGifts(body: GiftSelection): Promise<Order> {
  return call(orderCalls.updateGifts, { body }, UPDATE_GIFTS_FAILED);
}

/**
 * The gift choice as a mutation. The returned order replaces the cached current order (the cart's
 * items then hold the chosen gifts); a failure toasts the server's message and leaves the cache as it was.
 */
export function useUpdateGifts() {
  const queryClient = useQueryClient();
  return useMutation({
    // The footer bar shows 'Atualizando...' while any ['order', …] change runs.
    mutationKey: ['order', 'gift'],
    mutationFn: updateGifts,
    onSuccess: (order) => {
      queryClient.setQueryData(currentOrderQuery.queryKey, order);
    },
    onError: (error) => {
      toast.error(error.message || UPDATE_GIFTS_FAILED);
    },
  });
}
