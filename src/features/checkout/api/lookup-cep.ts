import { buildPath, calls } from '../../../contract/calls.ts';
import type { CepLookup } from '../../../contract/checkout.ts';
import { apiCall, parseData } from '../../../lib/api-client.ts';

export const LOOKUP_CEP_FAILED = 'Falha ao buscar o CEP';

/** GET /api/order/address/cep/{cep}: street, neighbourhood(s), city and state of a CEP. */
export async function lookupCep(cep: string): Promise<CepLookup> {
  const answer = await apiCall(
    { method: calls.lookupCep.method, url: buildPath(calls.lookupCep.path, { cep }) },
    LOOKUP_CEP_FAILED,
  );
  return parseData(calls.lookupCep.data, answer.data, LOOKUP_CEP_FAILED);
}
