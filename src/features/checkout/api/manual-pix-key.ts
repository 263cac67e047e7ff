import * as paymentCalls from '@/contract/calls/payment.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

export const MANUAL_PIX_KEY_FAILED = 'Falha ao carregar a chave PIX';

/** POST /api/order/pix/manual: the shop's manual PIX key, null when it has none. */
export async function getManualPixKey(): Promise<string | null> {
  return (await call(paymentCalls.getManualPixKey, {}, MANUAL_PIX_KEY_FAILED)) ?? null;
}

/** `data` is the key, or undefined while loading and when the shop has none. */
export const manualPixKeyQuery = queryOptions({
  queryKey: ['checkout', 'manual-pix-key'],
  queryFn: getManualPixKey,
  select: (key: string | null): string | undefined => key || undefined,
  staleTime: Number.POSITIVE_INFINITY,
});
