// Payment options (GET /api/order/payments/) and paying on delivery (POST /api/order/payment/delivery):
// cash ('Dinheiro', with the amount the courier must change) or a card machine brought by the courier
// ('Cartão na entrega': credit, debit, meal voucher).
import type { Router } from 'express';
import {
  CASH_BELOW_TOTAL_MESSAGE,
  CASH_PAYMENT_GROUP,
  calls,
  type PaymentDeliveryBody,
  PaymentMethod,
  PaymentProviderType,
  PaymentStatus,
} from '../contract.ts';
import { badRequest, notFound, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import type { OrderAmounts } from '../order/order-amounts.ts';
import { loadOrderContext, orderAmounts, orderAnswer, requireOpenOrder } from '../order/order-context.ts';
import { type ChosenPayment, readCheckout, writeCheckout } from '../order/order-state.ts';
import { reaisToCents } from '../rules/money.ts';
import { requireItems, requirePaymentNotApproved } from './guards.ts';
import { type CheckoutDeps, currentShop, routePath } from './route-kit.ts';
import type { PaymentOptionRule } from './rules.ts';

const MOUNT = '/api/order';

export { CASH_BELOW_TOTAL_MESSAGE };

const paymentOptionToWire = (o: PaymentOptionRule) => ({
  method: o.method,
  name: o.name,
  group: o.group,
  providerId: o.providerId,
  payOnDelivery: o.payOnDelivery,
});

/** Cash must cover the order's total (equal is fine: no change needed). */
export function requireCashCoversTotal(
  cashAmountCents: number | null,
  amounts: Pick<OrderAmounts, 'totalCents'>,
): void {
  if (cashAmountCents === null) throw badRequest('Informe o valor em espécie.');
  if (cashAmountCents < amounts.totalCents) throw badRequest(CASH_BELOW_TOTAL_MESSAGE);
}

/** A body with a means or cash but no group ('Tipo de pagamento'). */
export const CHOOSE_ON_DELIVERY_TYPE_MESSAGE = 'Escolha o tipo de pagamento na entrega.';

function chooseOnDelivery(
  options: readonly PaymentOptionRule[],
  body: PaymentDeliveryBody & { type: string },
  amounts: OrderAmounts,
): ChosenPayment {
  const onDelivery = options.filter((o) => o.payOnDelivery && o.group);
  if (onDelivery.length === 0) throw badRequest('Esta loja não aceita pagamento na entrega.');
  const group = (body.type ?? '').trim();
  const inGroup = onDelivery.filter((o) => o.group === group);
  if (inGroup.length === 0) {
    const groups = [...new Set(onDelivery.map((o) => o.group))].join(', ');
    throw badRequest(`Tipo de pagamento na entrega indisponível. Escolha entre: ${groups}.`);
  }
  let option: PaymentOptionRule | undefined;
  let cashAmountCents: number | null = null;
  if (group === CASH_PAYMENT_GROUP) {
    cashAmountCents = body.cashAmount == null ? null : reaisToCents(body.cashAmount);
    requireCashCoversTotal(cashAmountCents, amounts);
    option = body.providerId ? inGroup.find((o) => o.providerId === body.providerId) : inGroup[0];
    if (!option) throw notFound('Meio de pagamento não encontrado.');
  } else {
    if (!body.providerId) throw badRequest('Escolha o meio de pagamento.');
    option = inGroup.find((o) => o.providerId === body.providerId);
    if (!option) {
      const elsewhere = onDelivery.some((o) => o.providerId === body.providerId);
      if (elsewhere) throw badRequest(`Este meio de pagamento não é do tipo ${group}.`);
      throw notFound('Meio de pagamento não encontrado.');
    }
  }
  return {
    method: PaymentMethod.OnDelivery,
    providerType: PaymentProviderType.ShopProvider,
    link: null,
    status: PaymentStatus.Waiting,
    failureType: null,
    providerId: option.providerId,
    installments: null,
    onDelivery: { providerId: option.providerId, group, cashAmountCents },
    manualInformation: null,
    recaptchaKey: null,
  };
}

export function registerOnDeliveryPaymentRoutes(router: Router, { db, now }: CheckoutDeps): void {
  router.get(routePath(calls.listPaymentOptions, MOUNT), (_req, res) => {
    sendOk(res, currentShop(db, res).rules.checkout.paymentOptions.map(paymentOptionToWire));
  });

  router.post(routePath(calls.setPaymentOnDelivery, MOUNT), (req, res) => {
    const body = parseInput(calls.setPaymentOnDelivery.body, req.body, 'body');
    const { type } = body;
    if (type === undefined && (body.providerId !== undefined || body.cashAmount != null)) {
      throw badRequest(CHOOSE_ON_DELIVERY_TYPE_MESSAGE);
    }
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requireOpenOrder(context.order);
      const current = readCheckout(context.order);
      requirePaymentNotApproved(current);
      if (type === undefined) {
        // Decision 0022: `{}` drops the pay-on-delivery choice; another method's payment (or none)
        // stays as it is, unwritten.
        if (current.payment?.method === PaymentMethod.OnDelivery) {
          writeCheckout(db, context.order, ({ payment: _dropped, ...rest }) => rest, now);
        }
        return orderAnswer(db, context);
      }
      const amounts = orderAmounts(db, context);
      requireItems(amounts);
      const payment = chooseOnDelivery(
        context.shop.rules.checkout.paymentOptions,
        { ...body, type },
        amounts,
      );
      writeCheckout(db, context.order, (state) => ({ ...state, payment }), now);
      return orderAnswer(db, context);
    })();
    sendOk(res, answer);
  });
}
