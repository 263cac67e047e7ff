import * as paymentCalls from '@/contract/calls/payment.ts';
import type { PaymentOption } from '@/contract/checkout.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

export const LIST_PAYMENT_OPTIONS_FAILED = 'Falha ao carregar opções de pagamento';

/** GET /api/order/payments/: the shop's payment options (custom and on-delivery ones included). */
export async function listPaymentOptions(): Promise<PaymentOption[]> {
  return call(paymentCalls.listPaymentOptions, {}, LIST_PAYMENT_OPTIONS_FAILED);
}

export const paymentOptionsQuery = queryOptions({
  queryKey: ['checkout', 'payment-options'],
  queryFn: listPaymentOptions,
});
