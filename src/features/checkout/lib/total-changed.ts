// The server refused a confirm because the order's total is no longer the one the shopper saw
// (the agreed 409 with the error type 'total_changed', decision 0022): the screen reads the order
// again and says what the new total is, then the shopper decides again. Nothing is confirmed.
import { TOTAL_CHANGED_ERROR_TYPE, TOTAL_CHANGED_MESSAGE } from '@/contract/checkout.ts';
import { ApiError } from '@/lib/api-client.ts';
import { formatBRL } from '@/lib/format.ts';

export const isTotalChanged = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.errors[0]?.type === TOTAL_CHANGED_ERROR_TYPE;

/** 'O total do pedido mudou. Confira e tente de novo. Novo total: R$ 136,74' (the total when known). */
export const totalChangedText = (total: number | null | undefined): string =>
  total == null ? TOTAL_CHANGED_MESSAGE : `${TOTAL_CHANGED_MESSAGE} Novo total: ${formatBRL(total)}`;

/** The order's choices changed behind the screen (checkout-complete.ts, changedSinceShown). */
export const ORDER_CHANGED_MESSAGE = 'O pedido foi alterado. Confira as escolhas e tente de novo.';
