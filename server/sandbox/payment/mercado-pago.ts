// POST /api/order/payment/mercadoPago: the Mercado Pago card brick's submitted form data. Only for
// orders paid through Mercado Pago. The sandbox cannot ask Mercado Pago about a token, so it plays
// Mercado Pago's test mode: in Mercado Pago the test card HOLDER NAME decides the outcome (APRO,
// OTHE, CALL, FUND, SECU, EXPI, FORM); here the token starting with that code does. Any other token
// is taken as approved: the brick already tokenized a card Mercado Pago accepted.
import {
  FailureType,
  type MercadoPagoPayment,
  PaymentMethod,
  PaymentProviderType,
  PaymentStatus,
} from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { badRequest } from '../http/envelope.ts';
import { requireTotalSeen } from '../order/expected-total.ts';
import type { OrderContext } from '../order/order-context.ts';
import { readCheckout } from '../order/order-state.ts';
import { isValidCnpj, isValidCpf } from '../rules/br-documents.ts';
import { reaisToCents } from '../rules/money.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import { conflict, requireCreditEnabled, requirePayableOrder } from './order-checks.ts';
import { DEFAULT_MERCADO_PAGO_RULE } from './rules.ts';
import { type Decision, expirePayment, type Outcome, settleAttempt } from './settle.ts';
import { isOpenCardPayment, providerTypeOf, startPayment, windowClosed } from './snapshot.ts';

/** The provider id the order's payment shows for a Mercado Pago payment. */
export const MERCADO_PAGO_PROVIDER_ID = 'mercadopago';

/** Mercado Pago's test holder names and what each does (its "Cartões de teste" page). */
export const MERCADO_PAGO_TEST_CODES: Readonly<Record<string, Decision>> = {
  APRO: { kind: 'approved' },
  OTHE: { kind: 'declined', failureType: FailureType.Unknown },
  CALL: { kind: 'declined', failureType: FailureType.Unknown },
  FUND: { kind: 'declined', failureType: FailureType.LimitExceeded },
  SECU: { kind: 'declined', failureType: FailureType.InvalidData },
  EXPI: { kind: 'declined', failureType: FailureType.InvalidData },
  FORM: { kind: 'declined', failureType: FailureType.InvalidData },
};

export function decideByToken(token: string): Decision {
  const code = /^([A-Za-z]{4})(?![A-Za-z])/.exec(token)?.[1]?.toUpperCase();
  return (code && MERCADO_PAGO_TEST_CODES[code]) || { kind: 'approved' };
}

function payerDocumentIsValid(payment: MercadoPagoPayment): boolean {
  const identification = payment.payer?.identification;
  const number = identification?.number?.trim();
  if (!number) return true;
  const type = identification?.type?.toUpperCase();
  if (type === 'CPF') return isValidCpf(number);
  if (type === 'CNPJ') return isValidCnpj(number);
  return isValidCpf(number) || isValidCnpj(number);
}

export function payWithMercadoPago(
  db: SandboxDb,
  context: OrderContext,
  payment: MercadoPagoPayment,
  now: Date,
): Outcome {
  const state = readCheckout(context.order);
  if (providerTypeOf(context.shop, state) !== PaymentProviderType.MercadoPago) {
    throw conflict(PAYMENT_MESSAGES.notMercadoPago);
  }
  const totalCents = requirePayableOrder(db, context);
  // Before any attempt is recorded: a refused call charges nothing and changes nothing.
  requireTotalSeen(payment.expectedTotal, totalCents);
  requireCreditEnabled(context);
  const current = state.payment;
  if (current?.status === PaymentStatus.Canceled) throw conflict(PAYMENT_MESSAGES.methodNotFound);

  const rules = context.shop.rules.payment;
  const rule = rules.mercadoPago ?? DEFAULT_MERCADO_PAGO_RULE;
  if (!rule.paymentMethodIds.includes(payment.payment_method_id)) {
    throw badRequest(PAYMENT_MESSAGES.mercadoPagoMethod);
  }
  if (payment.installments > rule.maxInstallments) throw badRequest(PAYMENT_MESSAGES.installmentsNotOffered);
  // The brick computes the amount in the browser: it must be the order's own total.
  if (payment.transaction_amount !== undefined && reaisToCents(payment.transaction_amount) !== totalCents) {
    throw conflict(PAYMENT_MESSAGES.amountMismatch);
  }
  if (!payerDocumentIsValid(payment)) throw badRequest(PAYMENT_MESSAGES.invalidDocument);

  const attempt = {
    providerId: MERCADO_PAGO_PROVIDER_ID,
    installments: payment.installments,
    cardLast4: null,
    amountCents: totalCents,
  };
  if (current && (current.status === PaymentStatus.Expired || windowClosed(current, now))) {
    return expirePayment(db, context, current, attempt, now);
  }
  const base = isOpenCardPayment(current)
    ? current
    : startPayment(rules, context.order.id, { method: PaymentMethod.CreditCard }, now);
  return settleAttempt(db, context, base, attempt, decideByToken(payment.token), now);
}
