// Settling one payment attempt on the order: the attempt is recorded, the payment snapshot takes
// the gateway's answer, and an approved payment makes the order Received. Call inside the route's
// transaction; the caller answers with the outcome.
import { FailureType, OrderState, PaymentMethod, PaymentStatus } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import type { OrderContext } from '../order/order-context.ts';
import { type ChosenPayment, writeCheckout } from '../order/order-state.ts';
import { recordAttempt } from './attempts.ts';

/** What the gateway said, once the captcha rule is applied. */
export type Decision =
  | { kind: 'approved' }
  | { kind: 'declined'; failureType: FailureType }
  | { kind: 'recaptcha'; siteKey: string };

export type Outcome =
  | { kind: 'paid' }
  | { kind: 'declined'; failureType: FailureType; recaptchaKey: string | null }
  | { kind: 'expired' };

export type AttemptFacts = {
  providerId: string;
  installments: number;
  cardLast4: string | null;
  amountCents: number;
};

function writePayment(db: SandboxDb, context: OrderContext, payment: ChosenPayment, now: Date): void {
  writeCheckout(
    db,
    context.order,
    (state) => ({ ...state, payment }),
    () => now,
  );
}

/** The payment's window closed before this attempt: it becomes Expired. */
export function expirePayment(
  db: SandboxDb,
  context: OrderContext,
  payment: ChosenPayment,
  attempt: AttemptFacts | null,
  now: Date,
): Outcome {
  writePayment(
    db,
    context,
    { ...payment, status: PaymentStatus.Expired, failureType: null, recaptchaKey: null },
    now,
  );
  if (attempt) {
    recordAttempt(db, {
      ...attempt,
      orderId: context.order.id,
      status: PaymentStatus.Expired,
      failureType: null,
      at: now,
    });
  }
  return { kind: 'expired' };
}

export function settleAttempt(
  db: SandboxDb,
  context: OrderContext,
  base: ChosenPayment,
  attempt: AttemptFacts,
  decision: Decision,
  now: Date,
): Outcome {
  const payment: ChosenPayment = {
    ...base,
    method: PaymentMethod.CreditCard,
    providerId: attempt.providerId,
    installments: attempt.installments,
    onDelivery: null,
    manualInformation: null,
  };
  let outcome: Outcome;
  if (decision.kind === 'approved') {
    outcome = { kind: 'paid' };
    writePayment(
      db,
      context,
      { ...payment, status: PaymentStatus.Paid, failureType: null, recaptchaKey: null },
      now,
    );
    db.prepare('UPDATE orders SET status = ?, updated_at = ? WHERE id = ?').run(
      OrderState.Received,
      now.toISOString(),
      context.order.id,
    );
  } else if (decision.kind === 'recaptcha') {
    outcome = { kind: 'declined', failureType: FailureType.ReCAPTCHA, recaptchaKey: decision.siteKey };
    writePayment(
      db,
      context,
      {
        ...payment,
        status: PaymentStatus.Failed,
        failureType: FailureType.ReCAPTCHA,
        recaptchaKey: decision.siteKey,
      },
      now,
    );
  } else {
    outcome = { kind: 'declined', failureType: decision.failureType, recaptchaKey: null };
    writePayment(
      db,
      context,
      { ...payment, status: PaymentStatus.Failed, failureType: decision.failureType },
      now,
    );
  }
  recordAttempt(db, {
    ...attempt,
    orderId: context.order.id,
    status: outcome.kind === 'paid' ? PaymentStatus.Paid : PaymentStatus.Failed,
    failureType: outcome.kind === 'declined' ? outcome.failureType : null,
    at: now,
  });
  return outcome;
}
