import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import type { AddressInput } from '@/contract/checkout.ts';
import type { Address } from '@/contract/session.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';
import { updateCachedUserShop } from './session-cache.ts';

export const ADD_ADDRESS_FAILED = 'Falha ao adicionar o endereço';
export const ADD_ADDRESS_MUTATION_KEY = ['order', 'address'] as const;

/** POST /api/order/address/: a new address ('Novo endereço'). Answers the customer's address list. */
export async function addAddress(address: AddressInput): Promise<Address[]> {
  const answer = await apiCall(
    { method: calls.addAddress.method, url: calls.addAddress.path, data: address },
    ADD_ADDRESS_FAILED,
  );
  return parseData(calls.addAddress.data, answer.data, ADD_ADDRESS_FAILED);
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
