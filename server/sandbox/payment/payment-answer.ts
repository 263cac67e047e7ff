// The card finish result (checkout spec, section 3: "success, or data with status, failureType,
// recaptchaKey"). A payment the gateway refuses is not a malformed call: it answers HTTP 402
// (Payment Required) with success false, the data saying why, and the spec's Portuguese message.
import type { Response } from 'express';
import { apiError, errorEnvelope, type FailureType, okEnvelope, PaymentStatus } from '../contract.ts';
import { failureMessage, PAYMENT_MESSAGES } from './messages.ts';

export type CardFinishData = {
  status: PaymentStatus;
  failureType: FailureType | null;
  recaptchaKey: string | null;
};

/** HTTP status of a declined payment. */
export const DECLINED_STATUS = 402;
/** HTTP status of a payment whose window has closed. */
export const EXPIRED_STATUS = 409;

export function sendPaid(res: Response): void {
  const data: CardFinishData = { status: PaymentStatus.Paid, failureType: null, recaptchaKey: null };
  res.status(200).json(okEnvelope(data));
}

/** A refusal that still carries the finish result's data (declined, captcha wanted, expired). */
export function sendUnpaid(res: Response, httpStatus: number, data: CardFinishData, message: string): void {
  const envelope = errorEnvelope(apiError(message, httpStatus, 'payment', httpStatus));
  res.status(httpStatus).json({ ...envelope, data });
}

export function sendDeclined(res: Response, failureType: FailureType, recaptchaKey: string | null): void {
  sendUnpaid(
    res,
    DECLINED_STATUS,
    { status: PaymentStatus.Failed, failureType, recaptchaKey },
    failureMessage(failureType),
  );
}

/** Answers a settled attempt (see settle.ts). */
export function sendOutcome(
  res: Response,
  outcome:
    | { kind: 'paid' }
    | { kind: 'declined'; failureType: FailureType; recaptchaKey: string | null }
    | { kind: 'expired' },
): void {
  if (outcome.kind === 'paid') sendPaid(res);
  else if (outcome.kind === 'declined') sendDeclined(res, outcome.failureType, outcome.recaptchaKey);
  else {
    sendUnpaid(
      res,
      EXPIRED_STATUS,
      { status: PaymentStatus.Expired, failureType: null, recaptchaKey: null },
      PAYMENT_MESSAGES.expired,
    );
  }
}
