import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { CustomerUpdate } from '@/contract/checkout.ts';
import { type CallOptions, call } from '@/lib/call.ts';
import { sessionQuery } from '@/session/use-session.ts';
import { updateCachedUserShop } from './session-cache.ts';

export const UPDATE_CUSTOMER_FAILED = 'Falha ao salvar os dados do contato';
// Not under ['order']: saving the contact changes no money, so it shows neither 'Recalculando...' nor 'Atualizando pedido'.
export const UPDATE_CUSTOMER_MUTATION_KEY = ['customer', 'update'] as const;

/**
 * POST /api/customer/update: the contact data. The answer is not shown by the spec; a failure is an
 * ApiError whose errors may carry the field they are about.
 */
export async function updateCustomer(
  customer: CustomerUpdate,
  options: Pick<CallOptions, 'keepalive'> = {},
): Promise<void> {
  await call(checkoutCalls.updateCustomer, { body: customer, ...options }, UPDATE_CUSTOMER_FAILED);
}

export type CustomerSave = { customer: CustomerUpdate; onExit?: boolean };

/** On success the sent data becomes session.userShop.customer in the cached session. */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_CUSTOMER_MUTATION_KEY,
    // On exit the save must outlive the page (a reload, the tab closed): a keepalive send.
    mutationFn: ({ customer, onExit }: CustomerSave) =>
      updateCustomer(customer, { keepalive: onExit === true }),
    onSuccess: (_answer, { customer }) => {
      const saved = queryClient.getQueryData(sessionQuery.queryKey)?.session.userShop?.customer;
      updateCachedUserShop(queryClient, { customer: { ...saved, ...customer } });
    },
  });
}
