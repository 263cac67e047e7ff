// POST /api/order/payment/credit: the card page's payment. The sandbox checks what the commerce
// backend checks before calling its gateway (order payable, provider and plan offered, holder's CPF
// or CNPJ), then plays the gateway: Luhn, expiry and security code, then the test card's outcome
// (test-cards.ts), with the captcha rule. Nothing of the card but its last four digits is kept.
import { type CardPaymentPayload, FailureType, PaymentMethod, PaymentStatus } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { badRequest } from '../http/envelope.ts';
import { requireTotalSeen } from '../order/expected-total.ts';
import type { OrderContext } from '../order/order-context.ts';
import { readCheckout } from '../order/order-state.ts';
import { isValidCnpj, isValidCpf } from '../rules/br-documents.ts';
import { expiryIsValid, lastFour, passesLuhn, securityCodeFits } from './card-checks.ts';
import { findPlan } from './card-options.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import {
  conflict,
  requireCardPageProvider,
  requireCreditEnabled,
  requirePayableOrder,
} from './order-checks.ts';
import { type PaymentRules, recaptchaSiteKey } from './rules.ts';
import { type Decision, expirePayment, type Outcome, settleAttempt } from './settle.ts';
import { isOpenCardPayment, startPayment, windowClosed } from './snapshot.ts';
import { decideByNumber } from './test-cards.ts';

function isValidDocument(document: string): boolean {
  return isValidCpf(document) || isValidCnpj(document);
}

/** A solved captcha: the order's site key and a token (the sandbox cannot ask Google; any token passes). */
function solvedCaptcha(payload: CardPaymentPayload, siteKey: string): boolean {
  return payload.recaptchaKey === siteKey && (payload.recaptchaToken?.trim() ?? '') !== '';
}

/**
 * The gateway's answer. Once an order was asked for a captcha, every later attempt on it needs one
 * too, whatever the card (anti-fraud flags the order, not the card).
 */
export function cardDecision(
  payload: CardPaymentPayload,
  rules: PaymentRules,
  captchaAlreadyAsked: boolean,
  now: Date,
): Decision {
  const invalid: Decision = { kind: 'declined', failureType: FailureType.InvalidData };
  if (!passesLuhn(payload.number)) return invalid;
  if (!expiryIsValid(payload.expiryMonth, payload.expiryYear, now)) return invalid;
  if (!securityCodeFits(payload.number, payload.securityCode)) return invalid;
  const siteKey = recaptchaSiteKey(rules);
  const byNumber = decideByNumber(payload.number);
  const wantsCaptcha = byNumber.kind === 'recaptcha' || captchaAlreadyAsked;
  if (wantsCaptcha && !solvedCaptcha(payload, siteKey)) return { kind: 'recaptcha', siteKey };
  if (byNumber.kind === 'declined') return byNumber;
  return { kind: 'approved' };
}

export function payWithCard(
  db: SandboxDb,
  context: OrderContext,
  payload: CardPaymentPayload,
  now: Date,
): Outcome {
  const totalCents = requirePayableOrder(db, context);
  // Before any attempt is recorded: a refused call charges nothing and changes nothing.
  requireTotalSeen(payload.expectedTotal, totalCents);
  requireCreditEnabled(context);
  const state = readCheckout(context.order);
  requireCardPageProvider(context, state);
  const current = state.payment;
  if (current?.status === PaymentStatus.Canceled) throw conflict(PAYMENT_MESSAGES.methodNotFound);

  const rules = context.shop.rules.payment;
  const { plan } = findPlan(rules, totalCents, payload.providerId, payload.installments);
  if (!isValidDocument(payload.document)) throw badRequest(PAYMENT_MESSAGES.invalidDocument);

  const attempt = {
    providerId: payload.providerId,
    installments: plan.count,
    cardLast4: lastFour(payload.number),
    amountCents: plan.totalCents,
  };
  if (current && (current.status === PaymentStatus.Expired || windowClosed(current, now))) {
    return expirePayment(db, context, current, attempt, now);
  }
  // The first attempt, or a card payment after another method was chosen, starts a card payment.
  const base = isOpenCardPayment(current)
    ? current
    : startPayment(rules, context.order.id, { method: PaymentMethod.CreditCard }, now);
  const decision = cardDecision(payload, rules, base.recaptchaKey !== null, now);
  return settleAttempt(db, context, base, attempt, decision, now);
}
