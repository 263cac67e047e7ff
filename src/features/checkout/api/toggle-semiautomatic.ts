import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import * as checkoutCalls from '@/contract/calls/checkout.ts';
import { call } from '@/lib/call.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const TOGGLE_SEMIAUTOMATIC_FAILED = 'Erro ao mudar de fluxo';
export const TOGGLE_SEMIAUTOMATIC_MUTATION_KEY = ['order', 'semiautomatic'] as const;

const flowAnswerSchema = z.looseObject({ isInSemiAutomatic: z.boolean() });

/**
 * POST /api/order/semiautomatic: switches between the semiautomatic flow and assisted sale. The
 * answer is not shown by the spec: the new flag when the server sends it, else undefined.
 */
export async function toggleSemiAutomatic(): Promise<boolean | undefined> {
  const answer = await call(checkoutCalls.toggleSemiAutomatic, {}, TOGGLE_SEMIAUTOMATIC_FAILED);
  const parsed = flowAnswerSchema.safeParse(answer);
  return parsed.success ? parsed.data.isInSemiAutomatic : undefined;
}

/** The new flag goes into the cached order; without one the order is reloaded. */
export function useToggleSemiAutomatic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: TOGGLE_SEMIAUTOMATIC_MUTATION_KEY,
    mutationFn: () => toggleSemiAutomatic(),
    onSuccess: (isInSemiAutomatic) => {
      const cached = queryClient.getQueryData(currentOrderQuery.queryKey);
      if (cached && isInSemiAutomatic !== undefined) {
        queryClient.setQueryData(currentOrderQuery.queryKey, { ...cached, isInSemiAutomatic });
        return;
      }
      return queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey });
    },
  });
}
