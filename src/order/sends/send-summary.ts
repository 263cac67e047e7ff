import { useMutation } from '@tanstack/react-query';
import * as orderCalls from '@/contract/calls/order.ts';
import { call } from '@/lib/call.ts';

const SEND_SUMMARY_FAILED = 'Não foi possível enviar o resumo do pedido.';

export const SEND_SUMMARY_MUTATION_KEY = ['operator', 'send-summary'] as const;

/** GET /api/order/send/resume (operators only): sends the order summary to the chat contact. */
export async function sendOrderSummary(): Promise<void> {
  await call(orderCalls.sendOrderSummary, {}, SEND_SUMMARY_FAILED);
}

export function useSendOrderSummary() {
  return useMutation({ mutationKey: SEND_SUMMARY_MUTATION_KEY, mutationFn: sendOrderSummary });
}
