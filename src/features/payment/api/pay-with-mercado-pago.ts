import * as paymentCalls from '@/contract/calls/payment.ts';
import type { MercadoPagoPayment } from '@/contract/checkout.ts';
import { call } from '@/lib/call.ts';
import { type CardPaymentOutcome, declinedOutcome, PAY_WITH_CARD_FAILED } from './pay-with-card.ts';

/**
 * Only the contract's fields of the brick's form data: the brick adds others (processing mode,
 * option ids) that the strict contract refuses.
 */
export function mercadoPagoBody(form: MercadoPagoPayment): MercadoPagoPayment {
  const body: MercadoPagoPayment = {
    token: form.token,
    payment_method_id: form.payment_method_id,
    installments: form.installments,
  };
  if (form.issuer_id) body.issuer_id = String(form.issuer_id);
  if (form.transaction_amount !== undefined) body.transaction_amount = form.transaction_amount;
  if (form.expectedTotal !== undefined) body.expectedTotal = form.expectedTotal;
  const identification = form.payer?.identification;
  const payer: NonNullable<MercadoPagoPayment['payer']> = {};
  if (form.payer?.email) payer.email = form.payer.email;
  if (identification?.type || identification?.number) {
    payer.identification = {};
    if (identification.type) payer.identification.type = identification.type;
    if (identification.number) payer.identification.number = identification.number;
  }
  if (payer.email || payer.identification) body.payer = payer;
  return body;
}

/** POST /api/order/payment/mercadoPago: the brick's submitted form data; refusals as payWithCard's. */
export async function payWithMercadoPago(form: MercadoPagoPayment): Promise<CardPaymentOutcome> {
  try {
    await call(
      paymentCalls.payWithMercadoPago,
      { body: mercadoPagoBody(form), parse: false },
      PAY_WITH_CARD_FAILED,
    );
    return { success: true };
  } catch (error) {
    return declinedOutcome(error, PAY_WITH_CARD_FAILED);
  }
}
