import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { AddressInput } from '@/contract/checkout.ts';
import type { Address } from '@/contract/session.ts';
import { call } from '@/lib/call.ts';
import { updateCachedUserShop } from './session-cache.ts';

export const ADD_ADDRESS_FAILED = 'Falha ao adicionar o endereço';
export const ADD_ADDRESS_MUTATION_KEY = ['order', 'address'] as const;

/** POST /api/order/address/: a new address ('Novo endereço'). Answers the customer's address list. */
export async function addAddress(address: AddressInput): Promise<Address[]> {
  return call(checkoutCalls.addAddress, { body: address }, ADD_ADDRESS_FAILED);
}

/** The returned list replaces session.userShop.addresses in the cached session. */
export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ADD_ADDRESS_MUTATION_KEY,
    mutationFn: addAddress,
    onSuccess: (addresses) => {
      updateCachedUserShop(queryClient, { addresses });
    },
  });
}
