import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { CepLookup } from '@/contract/checkout.ts';
import { CEP_PATTERN, pathValue } from '@/contract/path-rules.ts';
import { call } from '@/lib/call.ts';

export const LOOKUP_CEP_FAILED = 'Falha ao buscar o CEP';

/** GET /api/order/address/cep/{cep}: street, neighbourhood(s), city and state of a CEP. */
export async function lookupCep(cep: string): Promise<CepLookup> {
  return call(checkoutCalls.lookupCep, { params: { cep: pathValue(cep, CEP_PATTERN) } }, LOOKUP_CEP_FAILED);
}
