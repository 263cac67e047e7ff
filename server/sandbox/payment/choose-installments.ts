// POST /api/order/payment/credit/installments: the card page's choice of provider and installments.
// It starts the order's card payment (status Waiting) or updates the one being made.
import { type InstallmentsBody, PaymentMethod, PaymentStatus } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import type { OrderContext } from '../order/order-context.ts';
import { readCheckout, writeCheckout } from '../order/order-state.ts';
import { findPlan } from './card-options.ts';
import { requireCardPageProvider, requireCreditEnabled, requirePayableOrder } from './order-checks.ts';
import { expirePayment } from './settle.ts';
import { isOpenCardPayment, startPayment, windowClosed } from './snapshot.ts';

/** 'chosen' once written; 'expired' when the payment's window had closed (now written Expired). */
export function chooseInstallments(
  db: SandboxDb,
  context: OrderContext,
  body: InstallmentsBody,
  now: Date,
): 'chosen' | 'expired' {
  const totalCents = requirePayableOrder(db, context);
  requireCreditEnabled(context);
  const state = readCheckout(context.order);
  requireCardPageProvider(context, state);
  const rules = context.shop.rules.payment;
  const { plan } = findPlan(rules, totalCents, body.providerId, body.installments);

  const current = state.payment;
  if (current && (current.status === PaymentStatus.Expired || windowClosed(current, now))) {
    expirePayment(db, context, current, null, now);
    return 'expired';
  }
  // A card payment under way keeps its window (and a pending captcha); anything else starts one.
  const payment = isOpenCardPayment(current)
    ? {
        ...current,
        providerId: body.providerId,
        installments: plan.count,
        status: PaymentStatus.Waiting,
        failureType: null,
      }
    : startPayment(
        rules,
        context.order.id,
        { method: PaymentMethod.CreditCard, providerId: body.providerId, installments: plan.count },
        now,
      );
  writeCheckout(
    db,
    context.order,
    (s) => ({ ...s, payment }),
    () => now,
  );
  return 'chosen';
}
