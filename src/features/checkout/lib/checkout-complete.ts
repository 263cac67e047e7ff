// The completeness check behind the finish button (spec section 5, "Checkout completion requires").
import { isValidCnpj, isValidCpf, isValidEmail } from '@/contract/br-docs.ts';
import type { CheckoutFormValues } from '@/contract/checkout.ts';
import { FlowStep, LogisticFormValue, PaymentMethod } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { isManualPayment, type ShopSettings } from '@/contract/shop-settings.ts';
import { type OrderForProblems, orderProblems } from '@/order/order-problems.ts';
import type { CheckoutSections } from './checkout-sections.ts';
import { hasFlowStep } from './checkout-sections.ts';
import type { ContactFormValues } from './contact-form.ts';
import { effectiveLogisticType, methodOfLogistic } from './logistic-method.ts';
import { isCashGroup, MANUAL_TEXT_METHODS, manualPaymentError } from './payment-methods.ts';

/** What keeps the checkout from finishing, by field. */
export type CheckoutProblem =
  | 'items'
  | 'name'
  | 'email'
  | 'document'
  | 'corporateDocument'
  | 'corporateName'
  | 'tradeName'
  | 'logistic'
  | 'seller'
  | 'schedule'
  | 'paymentMethod'
  | 'paymentOption'
  | 'cashAmount'
  | 'manualPayment';

export type CheckoutCompleteInput = {
  /** What the screen shows as chosen (the checkout form). */
  values: CheckoutFormValues;
  contact: ContactFormValues;
  /** The order as the server holds it: what finishing confirms. */
  order: Pick<Order, 'logistic' | 'seller' | 'schedule' | 'payment' | 'totalAmout'> & OrderForProblems;
  settings: ShopSettings;
  sections: Pick<CheckoutSections, 'delivery' | 'pickUp' | 'schedule' | 'sellerSelect' | 'manualLogistics'>;
};

const filled = (text: string | null | undefined): boolean => (text ?? '').trim() !== '';
const cents = (reais: number | null | undefined): number => Math.round((reais ?? 0) * 100);

/**
 * The logistic the server holds is the one the screen shows: same method, same option (the manual
 * freight has no option to tick), same pick-up store or delivery address. Section 5 requires one
 * unless the shop settles logistics elsewhere (externalLogistic).
 */
function logisticAgrees({ values, order, sections }: CheckoutCompleteInput): boolean {
  const held = order.logistic;
  if (!filled(held?.providerId)) return false;
  const shown = effectiveLogisticType({ order, sections }, values.logisticType);
  if (methodOfLogistic(held?.type) !== shown) return false;
  if (!sections.manualLogistics && values.selectedLogistic !== held?.providerId) return false;
  if (shown === LogisticFormValue.PickUp) {
    const store = held?.storePickUpAddress?.providerId;
    return store == null || values.pickupAddress == null || store === values.pickupAddress;
  }
  return held?.addressIndex == null || held.addressIndex === values.deliveryAddressIndex;
}

/** The seller held is the one shown; with the seller step there must be one. */
function sellerAgrees({ values, order, settings, sections }: CheckoutCompleteInput): boolean {
  const held = order.seller?.providerId ?? undefined;
  if (hasFlowStep(settings, FlowStep.Seller) && !filled(held)) return false;
  return !sections.sellerSelect || values.selectedSeller == null || values.selectedSeller === held;
}

/** The day and slot held are the ones shown. */
function scheduleAgrees({ values, order }: CheckoutCompleteInput): boolean {
  if (!filled(values.selectedDay) || !filled(values.selectedSchedule)) return false;
  return order.schedule?.day === values.selectedDay && order.schedule?.startTime === values.selectedSchedule;
}

/** Pay on delivery: the group, means and cash amount held are the ones shown. */
function onDeliveryProblem({ values, order }: CheckoutCompleteInput): CheckoutProblem | undefined {
  const group = values.paymentOptionGroup;
  if (!filled(group)) return 'paymentOption';
  const held = order.payment?.method === PaymentMethod.OnDelivery ? order.payment.onDelivery : undefined;
  if (isCashGroup(group)) {
    const shown = values.cashAmount;
    if (shown == null || cents(shown) < cents(order.totalAmout)) return 'cashAmount';
    return held?.group === group && cents(held?.cashAmount) === cents(shown) ? undefined : 'cashAmount';
  }
  if (!filled(values.paymentOptionId)) return 'paymentOption';
  return held?.group === group && held?.providerId === values.paymentOptionId ? undefined : 'paymentOption';
}

/**
 * Every problem, in screen order (choices first, then contact, then payment); empty when complete.
 * A choice counts only when the server holds exactly what the screen shows: the finish confirms the
 * order as the server holds it, with the contact and the payment method the screen sends.
 */
export function checkoutProblems(input: CheckoutCompleteInput): CheckoutProblem[] {
  const { values, contact, settings, sections } = input;
  const problems: CheckoutProblem[] = [];

  // The server refuses an order without items or with a limit broken ('Problemas:' in the cart).
  const paidItems = (input.order.items ?? []).filter((item) => item.isGift !== true);
  if (paidItems.length === 0 || orderProblems(input.order).length > 0) problems.push('items');
  if (!sellerAgrees(input)) problems.push('seller');
  if (settings.externalLogistic !== true && !logisticAgrees(input)) problems.push('logistic');
  if (sections.schedule && !scheduleAgrees(input)) problems.push('schedule');

  if (!filled(contact.name)) problems.push('name');
  if (!isValidEmail(contact.email)) problems.push('email');
  if (!isValidCpf(contact.document)) problems.push('document');
  if (settings.enableCnpj && contact.isCorporate) {
    if (!filled(contact.corporateName)) problems.push('corporateName');
    if (!isValidCnpj(contact.corporateDocument)) problems.push('corporateDocument');
    if (!filled(contact.tradeName)) problems.push('tradeName');
  }

  const method = values.paymentMethod ?? undefined;
  if (method === undefined) {
    if (!settings.disableChargeOrders) problems.push('paymentMethod');
  } else if (method === PaymentMethod.OnDelivery) {
    const problem = onDeliveryProblem(input);
    if (problem) problems.push(problem);
  } else if (isManualPayment(settings) && MANUAL_TEXT_METHODS.includes(method)) {
    const text = values.manualPaymentOption;
    if (!filled(text) || manualPaymentError(method, text) !== undefined) problems.push('manualPayment');
  }
  return problems;
}

/** True when the finish button may be shown. */
export const isCheckoutComplete = (input: CheckoutCompleteInput): boolean =>
  checkoutProblems(input).length === 0;

/**
 * Right before the finish commits, read against the order as the server holds it now: another tab
 * (or the operator, or the API) may have changed it since the screen read it. 'choices': it no longer
 * holds what the screen shows; 'total': it does, at another total than the one on screen.
 */
export function changedSinceShown(
  input: CheckoutCompleteInput,
  shownTotal: number | undefined,
): 'choices' | 'total' | undefined {
  if (checkoutProblems(input).length > 0) return 'choices';
  if (shownTotal !== undefined && cents(input.order.totalAmout) !== cents(shownTotal)) return 'total';
  return undefined;
}
