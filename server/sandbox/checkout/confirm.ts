// Confirming the order: the shopper's GET /api/order/confirm (the cart is sent to the shop, the chat
// does the rest) and POST /api/order/confirm, the whole checkout (contact data, logistic, seller,
// schedule, payment) sent by the operator or by the shopper finishing alone on the checkout screen.
// Both set the order Received; after that every change is refused (409).
import type { Router } from 'express';
import { z } from 'zod/mini';
import {
  type AgentConfirm,
  CASH_PAYMENT_GROUP,
  calls,
  FlowStep,
  isPaymentLink,
  OrderState,
  PaymentMethod,
  PaymentProviderType,
  PaymentStatus,
  type ShopSettings,
  shortText,
} from '../contract.ts';
import { badRequest, SandboxHttpError, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { requireTotalSeen } from '../order/expected-total.ts';
import type { OrderAmounts } from '../order/order-amounts.ts';
import {
  loadOrderContext,
  type OrderContext,
  orderAmounts,
  orderAnswer,
  requireOpenOrder,
} from '../order/order-context.ts';
import { type CheckoutState, type ChosenPayment, readCheckout, writeCheckout } from '../order/order-state.ts';
import { issueBoleto, MAX_BOLETO_CENTS } from '../payment/boleto.ts';
import { chargeRuleOf, createCharge, sendChargeToChat, sendsCodeOnConfirm } from '../payment/pix-charges.ts';
import { linkMethodPage } from '../payment/snapshot.ts';
import { saveCustomer, sessionCustomer } from './customer.ts';
import { validateCustomer } from './customer-rules.ts';
import { EMPTY_ORDER_MESSAGE, paidItems, requireItems } from './guards.ts';
import { SUBSCRIPTION_PIX_BOLETO_MESSAGE } from './manual-pix.ts';
import { setOrderStatus } from './order-status.ts';
import { CASH_BELOW_TOTAL_MESSAGE } from './payments-on-delivery.ts';
import {
  answeringFieldErrors,
  type CheckoutDeps,
  type FieldError,
  routePath,
  throwIfAny,
} from './route-kit.ts';
import { requireOpenSlot, SCHEDULE_CLOSED_MESSAGE, scheduleDays } from './schedule.ts';
import { checkoutSettings, hasStep, isManualPaymentMode } from './settings.ts';

const MOUNT = '/api/order';

export const CONFIRM_MESSAGES = {
  seller: 'Escolha a loja que vai atender o pedido.',
  logistic: 'Escolha a forma de entrega.',
  schedule: 'Escolha o dia e o horário de entrega.',
  paymentMethod: 'Escolha a forma de pagamento.',
  paymentUnavailable: 'Esta forma de pagamento não está disponível para este pedido.',
  onDelivery: 'Escolha como o cliente vai pagar na entrega.',
  pixKey: 'Insira a chave PIX.',
  cardLink: 'Insira um link válido',
  custom: 'Informe a forma de pagamento combinada com o cliente.',
} as const;

/** The agent's form: the contract's strict schema, every field optional so all problems are reported together. */
const agentConfirmFieldsSchema = z.extend(z.partial(calls.agentConfirmOrder.body), {
  name: z.optional(shortText),
});
type AgentConfirmFields = Partial<AgentConfirm>;

/** What the 'Problemas:' list shows (items below the minimum, above the limits, unavailable). */
function orderProblems(db: Parameters<typeof orderAnswer>[0], context: OrderContext): string[] {
  return orderAnswer(db, context).catalogErrorMessages;
}

type PaymentOutcome = { payment: ChosenPayment | undefined; errors: FieldError[] };

function isMethodEnabled(
  context: OrderContext,
  settings: ShopSettings,
  method: PaymentMethod,
  hasSubscription: boolean,
) {
  const pay = context.shop.rules.payment;
  const options = context.shop.rules.checkout.paymentOptions;
  switch (method) {
    case PaymentMethod.CreditCard:
      return pay.enableCreditPayment;
    case PaymentMethod.Pix:
      return pay.enablePixPayment && !hasSubscription;
    case PaymentMethod.Boleto:
      return pay.enableBoletoPayment && !hasSubscription;
    case PaymentMethod.Link:
      return pay.enableLinkPayment;
    case PaymentMethod.Nubank:
      return pay.enableNubankPayment;
    case PaymentMethod.Custom:
      return isManualPaymentMode(settings) && options.some((o) => o.method === PaymentMethod.Custom);
    case PaymentMethod.OnDelivery:
      return options.some((o) => o.payOnDelivery);
    default:
      // BankDeposit and Cash have no option on the checkout screen.
      return false;
  }
}

/** The payment snapshot the confirmation stores, or the problems with the chosen method. */
function confirmedPayment(
  context: OrderContext,
  settings: ShopSettings,
  state: CheckoutState,
  amounts: OrderAmounts,
  fields: AgentConfirmFields,
): PaymentOutcome {
  const method = fields.paymentMethod;
  const fail = (field: string, message: string): PaymentOutcome => ({
    payment: undefined,
    errors: [{ field, message }],
  });
  if (method === undefined) {
    // 'Receber pedido': a shop that does not charge its orders needs no payment method.
    if (settings.disableChargeOrders === true) return { payment: state.payment, errors: [] };
    return fail('paymentMethod', CONFIRM_MESSAGES.paymentMethod);
  }
  if (state.payment?.status === PaymentStatus.Paid) {
    return state.payment.method === method
      ? { payment: state.payment, errors: [] }
      : fail('paymentMethod', 'O pagamento deste pedido já foi aprovado com outra forma de pagamento.');
  }
  const hasSubscription = amounts.items.some((i) => i.subscription !== null);
  if (!isMethodEnabled(context, settings, method, hasSubscription)) {
    const subscriptionBlocked =
      hasSubscription && (method === PaymentMethod.Pix || method === PaymentMethod.Boleto);
    return fail(
      'paymentMethod',
      subscriptionBlocked ? SUBSCRIPTION_PIX_BOLETO_MESSAGE : CONFIRM_MESSAGES.paymentUnavailable,
    );
  }
  if (method === PaymentMethod.OnDelivery) {
    const onDelivery = state.payment?.method === PaymentMethod.OnDelivery ? state.payment.onDelivery : null;
    if (!state.payment || !onDelivery) return fail('paymentMethod', CONFIRM_MESSAGES.onDelivery);
    // The delivery price or the items may have changed since the cash amount was given.
    if (onDelivery.group === CASH_PAYMENT_GROUP && (onDelivery.cashAmountCents ?? 0) < amounts.totalCents) {
      return fail('cashAmount', CASH_BELOW_TOTAL_MESSAGE);
    }
    return { payment: state.payment, errors: [] };
  }

  const manual = isManualPaymentMode(settings);
  let information = fields.manualPaymentInformation?.trim() ?? '';
  if (manual) {
    if (method === PaymentMethod.Pix && !information)
      return fail('manualPaymentInformation', CONFIRM_MESSAGES.pixKey);
    if (method === PaymentMethod.CreditCard && !isPaymentLink(information)) {
      return fail('manualPaymentInformation', CONFIRM_MESSAGES.cardLink);
    }
    if (method === PaymentMethod.Custom) {
      if (!information) return fail('manualPaymentInformation', CONFIRM_MESSAGES.custom);
      // The SPA may send the custom option's id: keep the name the shop gave it.
      const option = context.shop.rules.checkout.paymentOptions.find(
        (o) => o.method === PaymentMethod.Custom && o.providerId === information,
      );
      information = option?.name ?? information;
    }
  }
  const same = state.payment?.method === method ? state.payment : undefined;
  return {
    payment: {
      method,
      providerType: manual ? PaymentProviderType.Manual : context.shop.rules.payment.providerType,
      link: manual && method === PaymentMethod.CreditCard ? information : (same?.link ?? null),
      status: PaymentStatus.Waiting,
      failureType: null,
      providerId: same?.providerId ?? null,
      installments: same?.installments ?? null,
      onDelivery: null,
      manualInformation: manual && information ? information : null,
      recaptchaKey: null,
    },
    errors: [],
  };
}

/**
 * Finishing with Pix through a payment provider, with the charge extension on (decision 0023): the
 * provider issues a charge for the order's total (payment/pix-charges.ts), which the order then
 * carries; a WhatsApp contact also gets the code in the chat. A shop taking Pix on its own key
 * (manual mode), a total of zero, a payment already settled or the extension off: nothing (the spec's
 * flow). The charge's clock is the real one, not the checkout's (tests fix that one for the schedule).
 */
function issuePixCharge(
  db: Parameters<typeof orderAnswer>[0],
  context: OrderContext,
  payment: ChosenPayment | undefined,
  amounts: OrderAmounts,
): void {
  if (payment?.method !== PaymentMethod.Pix || payment.status !== PaymentStatus.Waiting) return;
  if (payment.providerType === PaymentProviderType.Manual || amounts.totalCents <= 0) return;
  const rule = chargeRuleOf(context);
  if (!rule) return;
  const at = new Date();
  const charge = createCharge(db, {
    order: context.order,
    shop: context.shop,
    rule,
    amountCents: amounts.totalCents,
    now: at,
  });
  if (sendsCodeOnConfirm(context.session)) {
    sendChargeToChat(db, context.session, charge, { id: context.order.id, shopName: context.shop.name }, at);
  }
}

/**
 * Finishing with Boleto or Link through a payment provider, with the same extension on (decision
 * 0023): the provider issues a boleto for the order's total, due in 3 days (payment/boleto.ts), or
 * gives its payment page for a Link payment (the shop's link provider, snapshot.ts), and the order
 * carries them, so the finish page shows them where the shopper is. A shop taking payments by hand
 * (manual mode), a total of zero, a payment already settled or the extension off: nothing (the
 * spec's flow). The boleto's clock is the real one, as the Pix charge's.
 */
function withOffPagePayment(
  context: OrderContext,
  payment: ChosenPayment | undefined,
  amounts: OrderAmounts,
): ChosenPayment | undefined {
  if (payment?.status !== PaymentStatus.Waiting || payment.providerType === PaymentProviderType.Manual) {
    return payment;
  }
  if (!chargeRuleOf(context)) return payment;
  if (payment.method === PaymentMethod.Boleto && !payment.boleto) {
    if (amounts.totalCents <= 0 || amounts.totalCents > MAX_BOLETO_CENTS) return payment;
    return { ...payment, boleto: issueBoleto(context.order.id, amounts.totalCents, new Date()) };
  }
  if (payment.method === PaymentMethod.Link && !payment.link) {
    const link = linkMethodPage(context.shop.rules.payment, context.order.id);
    return link ? { ...payment, link } : payment;
  }
  return payment;
}

export function registerConfirmRoutes(router: Router, { db, now }: CheckoutDeps): void {
  // The shopper's confirmation: the cart goes to the shop as it is; the chat settles delivery and payment.
  router.get(routePath(calls.confirmOrder, MOUNT), (req, res) => {
    const { expectedTotal } = parseInput(calls.confirmOrder.query, req.query, 'query');
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requireOpenOrder(context.order);
      const amounts = orderAmounts(db, context);
      requireItems(amounts);
      // A decimal text in the query ('70.78', contract/order.ts).
      requireTotalSeen(expectedTotal === undefined ? undefined : Number(expectedTotal), amounts.totalCents);
      const [problem] = orderProblems(db, context);
      if (problem) throw badRequest(problem);
      setOrderStatus(db, context.order, OrderState.Received, now);
      return { id: String(context.order.id), status: OrderState.Received };
    })();
    sendOk(res, answer);
  });

  router.post(
    routePath(calls.agentConfirmOrder, MOUNT),
    answeringFieldErrors((req, res) => {
      const fields = parseInput(agentConfirmFieldsSchema, req.body, 'body');
      const answer = db.transaction(() => {
        const context = loadOrderContext(db, res);
        requireOpenOrder(context.order);
        const userShop = sessionCustomer(db, context.session.userShopId);
        const settings = checkoutSettings(context.shop);
        const state = readCheckout(context.order);
        const amounts = orderAmounts(db, context);
        // A total the agent did not see is refused before any other problem: the form shows it first.
        requireTotalSeen(fields.expectedTotal, amounts.totalCents);
        // In the checkout screen's order: items, store, delivery, schedule, contact, payment.
        const errors: FieldError[] = [];
        if (paidItems(amounts).length === 0) errors.push({ field: 'items', message: EMPTY_ORDER_MESSAGE });
        const [problem] = orderProblems(db, context);
        if (problem) errors.push({ field: 'items', message: problem });
        const sellerStep = hasStep(settings, FlowStep.Seller);
        if (sellerStep && !state.seller) errors.push({ field: 'seller', message: CONFIRM_MESSAGES.seller });
        // Section 5 requires a logistic. With the seller step the screen still offers delivery or
        // pick-up options (only the method switch is hidden); an external logistic is settled elsewhere.
        const logisticRequired = settings.externalLogistic !== true;
        if (logisticRequired && !state.logistic)
          errors.push({ field: 'logistic', message: CONFIRM_MESSAGES.logistic });
        if (hasStep(settings, FlowStep.Schedule)) {
          if (!state.schedule) {
            errors.push({ field: 'schedule', message: CONFIRM_MESSAGES.schedule });
          } else {
            try {
              requireOpenSlot(scheduleDays(context.shop, now()), state.schedule);
            } catch (error) {
              if (!(error instanceof SandboxHttpError)) throw error;
              errors.push({ field: 'schedule', message: SCHEDULE_CLOSED_MESSAGE });
            }
          }
        }
        const { customer, errors: customerErrors } = validateCustomer(fields, userShop.customer, {
          enableCnpj: settings.enableCnpj === true,
          requireContact: true,
        });
        errors.push(...customerErrors);
        const { payment: chosen, errors: paymentErrors } = confirmedPayment(
          context,
          settings,
          state,
          amounts,
          fields,
        );
        errors.push(...paymentErrors);
        throwIfAny(errors);
        const payment = withOffPagePayment(context, chosen, amounts);

        saveCustomer(db, userShop.id, customer);
        writeCheckout(db, context.order, (current) => (payment ? { ...current, payment } : current), now);
        setOrderStatus(db, context.order, OrderState.Received, now);
        issuePixCharge(db, context, payment, amounts);
        return { id: String(context.order.id), status: OrderState.Received };
      })();
      sendOk(res, answer);
    }),
  );
}
