// The seller (the store serving the order): the options for a delivery method and CEP
// (GET /api/order/seller/) and choosing one (POST /api/order/seller/), which adds its service tax.
import type { Router } from 'express';
import { calls, LogisticFormValue } from '../contract.ts';
import { badRequest, notFound, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { loadOrderContext, orderAnswer, requireOpenOrder } from '../order/order-context.ts';
import { type CheckoutState, type ChosenSeller, readCheckout, writeCheckout } from '../order/order-state.ts';
import { centsToReais } from '../rules/money.ts';
import { formatCep, servesCep } from './cep.ts';
import { requirePaymentNotApproved } from './guards.ts';
import { type CheckoutDeps, currentShop, routePath, withoutEmptyValues } from './route-kit.ts';
import type { SellerRule } from './rules.ts';
import { checkoutSettings, offersSellerChoice } from './settings.ts';

const MOUNT = '/api/order';

const sellerToWire = (seller: SellerRule) => ({
  providerId: seller.providerId,
  name: seller.name,
  address: seller.address,
  /** 0 is shown as 'Grátis'. */
  serviceTax: centsToReais(seller.serviceTaxCents),
});

/**
 * A new seller serves the order from another store: the logistic, the delivery day and slot and the
 * payment chosen for the old one no longer hold (checkout spec, section 4).
 */
export function withSeller(state: CheckoutState, seller: ChosenSeller): CheckoutState {
  const { logistic: _l, schedule: _s, payment: _p, ...rest } = state;
  return { ...rest, seller };
}

export function registerSellerRoutes(router: Router, { db, now }: CheckoutDeps): void {
  router.get(routePath(calls.listSellers, MOUNT), (req, res) => {
    const query = parseInput(calls.listSellers.query, withoutEmptyValues(req.query), 'query');
    const shop = currentShop(db, res);
    // A shop without the seller step or the 'Loja' select has nothing to choose from.
    if (!offersSellerChoice(checkoutSettings(shop))) {
      sendOk(res, []);
      return;
    }
    const { sellers } = shop.rules.checkout;
    const { code } = query;
    if (query.type === LogisticFormValue.Delivery && code) {
      const serving = sellers.filter((s) => servesCep(s.cepPrefixes, code));
      if (serving.length === 0) throw badRequest(`Nenhuma loja atende o CEP ${formatCep(code)}.`);
      sendOk(res, serving.map(sellerToWire));
      return;
    }
    sendOk(res, sellers.map(sellerToWire));
  });

  router.post(routePath(calls.setSeller, MOUNT), (req, res) => {
    const { providerId } = parseInput(calls.setSeller.body, req.body, 'body');
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      if (!offersSellerChoice(checkoutSettings(context.shop))) {
        throw badRequest('Esta loja não oferece a escolha da loja de atendimento.');
      }
      requireOpenOrder(context.order);
      requirePaymentNotApproved(readCheckout(context.order));
      const seller = context.shop.rules.checkout.sellers.find((s) => s.providerId === providerId);
      if (!seller) throw notFound('Loja não encontrada.');
      const chosen: ChosenSeller = {
        providerId: seller.providerId,
        name: seller.name,
        address: seller.address,
        serviceTaxCents: seller.serviceTaxCents,
      };
      writeCheckout(db, context.order, (state) => withSeller(state, chosen), now);
      return orderAnswer(db, context);
    })();
    sendOk(res, answer);
  });
}
