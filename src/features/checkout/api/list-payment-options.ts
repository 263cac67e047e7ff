import { queryOptions } from '@tanstack/react-query';
import { calls } from '@/contract/calls.ts';
import type { PaymentOption } from '@/contract/checkout.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';

export const LIST_PAYMENT_OPTIONS_FAILED = 'Falha ao carregar opções de pagamento';

/** GET /api/order/payments/: the shop's payment options (custom and on-delivery ones included). */
export async function listPaymentOptions(): Promise<PaymentOption[]> {
  const answer = await apiCall(
    { method: calls.listPaymentOptions.method, url: calls.listPaymentOptions.path },
    LIST_PAYMENT_OPTIONS_FAILED,
  );
  return parseData(calls.listPaymentOptions.data, answer.data, LIST_PAYMENT_OPTIONS_FAILED);
}

export const paymentOptionsQuery = queryOptions({
  queryKey: ['checkout', 'payment-options'],
  queryFn: listPaymentOptions,
});
