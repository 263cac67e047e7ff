// POST /api/order/pix/manual: the shop's own PIX key, for shops that take payments manually.
//
// Only in manual payment mode (settings.payment.type 'manual'): a shop whose PIX goes through a
// payment provider gets a provider-issued charge with its own code, and handing out the shop's key
// there would take a payment the provider never sees (the order would stay unpaid). Also refused when
// the shop does not take PIX, for subscription orders (PIX is hidden for them) and for empty orders.
import type { Router } from 'express';
import { calls, PaymentMethod, PaymentProviderType, PaymentStatus } from '../contract.ts';
import { badRequest, notFound, sendOk } from '../http/envelope.ts';
import { loadOrderContext, orderAmounts, requireOpenOrder } from '../order/order-context.ts';
import { readCheckout, writeCheckout } from '../order/order-state.ts';
import { requireItems, requirePaymentNotApproved } from './guards.ts';
import { type CheckoutDeps, routePath } from './route-kit.ts';
import { checkoutSettings, isManualPaymentMode } from './settings.ts';

export const SUBSCRIPTION_PIX_BOLETO_MESSAGE =
  'PIX e boleto não estão disponíveis para pedidos com assinatura.';

export function registerManualPixRoutes(router: Router, { db, now }: CheckoutDeps): void {
  router.post(routePath(calls.getManualPixKey, '/api/order'), (_req, res) => {
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requireOpenOrder(context.order);
      if (!isManualPaymentMode(checkoutSettings(context.shop))) {
        throw badRequest('Esta loja recebe PIX pelo meio de pagamento dela, sem chave manual.');
      }
      if (!context.shop.rules.payment.enablePixPayment) throw badRequest('Esta loja não aceita PIX.');
      const pixKey = context.shop.rules.checkout.pixKey;
      if (!pixKey) throw notFound('A loja ainda não cadastrou uma chave PIX.');
      requirePaymentNotApproved(readCheckout(context.order));
      const amounts = orderAmounts(db, context);
      requireItems(amounts);
      if (amounts.items.some((i) => i.subscription !== null))
        throw badRequest(SUBSCRIPTION_PIX_BOLETO_MESSAGE);
      writeCheckout(
        db,
        context.order,
        (state) => ({
          ...state,
          payment: {
            method: PaymentMethod.Pix,
            providerType: PaymentProviderType.Manual,
            link: null,
            status: PaymentStatus.Waiting,
            failureType: null,
            providerId: null,
            installments: null,
            onDelivery: null,
            manualInformation: pixKey,
            recaptchaKey: null,
          },
        }),
        now,
      );
      return pixKey;
    })();
    sendOk(res, answer);
  });
}
