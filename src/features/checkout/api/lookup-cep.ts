import { calls } from '@/contract/calls.ts';
import type { CepLookup } from '@/contract/checkout.ts';
import { CEP_PATTERN, pathSegment } from '@/contract/path-rules.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';

export const LOOKUP_CEP_FAILED = 'Falha ao buscar o CEP';

/** GET /api/order/address/cep/{cep}: street, neighbourhood(s), city and state of a CEP. */
export async function lookupCep(cep: string): Promise<CepLookup> {
  const answer = await apiCall(
    { method: calls.lookupCep.method, url: `/api/order/address/cep/${pathSegment(cep, CEP_PATTERN)}` },
    LOOKUP_CEP_FAILED,
  );
  return parseData(calls.lookupCep.data, answer.data, LOOKUP_CEP_FAILED);
}
