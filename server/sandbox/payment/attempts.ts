// payment_attempts: every attempt that reached the (sandbox) gateway, approved or refused, as a real
// gateway logs it. Only the last four digits of a card are kept: never the number, the security
// code, the holder's name or document, nor a captcha or Mercado Pago token.
import type { FailureType, PaymentStatus } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';

export type PaymentAttempt = {
  orderId: number;
  providerId: string;
  /** Exactly four digits, or null when the sandbox never saw the number (Mercado Pago token). */
  cardLast4: string | null;
  installments: number;
  amountCents: number;
  status: PaymentStatus;
  failureType: FailureType | null;
  at: Date;
};

export function recordAttempt(db: SandboxDb, attempt: PaymentAttempt): void {
  if (attempt.cardLast4 !== null && !/^\d{4}$/.test(attempt.cardLast4)) {
    throw new Error('payment attempt: only the last four digits of a card may be stored');
  }
  db.prepare(
    `INSERT INTO payment_attempts (order_id, provider_id, card_last4, installments, amount_cents, status,
       failure_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    attempt.orderId,
    attempt.providerId,
    attempt.cardLast4,
    attempt.installments,
    attempt.amountCents,
    attempt.status,
    attempt.failureType,
    attempt.at.toISOString(),
  );
}
