// GET /api/order/payment/update: the shopper gives up the current payment to choose another method
// on the chat. The payment is Canceled (the order keeps it as a record, with no failure and no
// captcha pending); the next choice (installments, the agent's confirmation) starts a new one.
import { PaymentStatus } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { type OrderContext, requireOpenOrder } from '../order/order-context.ts';
import { readCheckout, writeCheckout } from '../order/order-state.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import { conflict } from './order-checks.ts';

export function changePaymentMethod(
  db: SandboxDb,
  context: OrderContext,
  now: Date,
): { status: PaymentStatus } {
  const current = readCheckout(context.order).payment;
  if (current?.status === PaymentStatus.Paid) throw conflict(PAYMENT_MESSAGES.paidCannotChange);
  requireOpenOrder(context.order);
  if (!current) throw conflict(PAYMENT_MESSAGES.nothingToChange);
  if (current.status !== PaymentStatus.Canceled) {
    writeCheckout(
      db,
      context.order,
      (state) => ({
        ...state,
        payment: { ...current, status: PaymentStatus.Canceled, failureType: null, recaptchaKey: null },
      }),
      () => now,
    );
  }
  return { status: PaymentStatus.Canceled };
}
