import * as paymentCalls from '@/contract/calls/payment.ts';
import {
  type CardFinishResult,
  type CardPaymentPayload,
  cardFinishResultSchema,
} from '@/contract/checkout.ts';
import { ApiError } from '@/lib/api-client.ts';
import { call } from '@/lib/call.ts';

/** The default message of a failed payment call (spec section 8, 'other'). */
export const PAY_WITH_CARD_FAILED = 'Aconteceu um erro com seu pagamento';

/**
 * What a payment call came to. A refusal is an answer, not a crash: the message is the server's
 * (or the default one) and `result` the finish result the failed envelope carried (empty when it
 * carried none: a malformed call, a conflict, no network).
 */
export type CardPaymentOutcome =
  | { success: true }
  | { success: false; message: string; result: CardFinishResult; type?: string | undefined };

/** Reads a payment call's failure into an outcome; anything but an ApiError is rethrown. */
export function declinedOutcome(error: unknown, fallback: string): CardPaymentOutcome {
  if (!(error instanceof ApiError)) throw error;
  const parsed = cardFinishResultSchema.safeParse(error.data);
  return {
    success: false,
    message: error.message || fallback,
    result: parsed.success ? parsed.data : {},
    // 'total_changed': the order's total is no longer the one shown (TOTAL_CHANGED_ERROR_TYPE).
    type: error.errors[0]?.type,
  };
}

/**
 * POST /api/order/payment/credit, with the total shown (`expectedTotal`). A decline answers HTTP 402 (an expired payment 409) with
 * `data { status, failureType, recaptchaKey }`: read from the ApiError's data.
 */
export async function payWithCard(payload: CardPaymentPayload): Promise<CardPaymentOutcome> {
  try {
    await call(paymentCalls.payWithCard, { body: payload, parse: false }, PAY_WITH_CARD_FAILED);
    return { success: true };
  } catch (error) {
    return declinedOutcome(error, PAY_WITH_CARD_FAILED);
  }
}
