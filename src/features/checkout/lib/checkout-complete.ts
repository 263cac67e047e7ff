// The completeness check behind the finish button (spec section 5, "Checkout completion requires").
import { isValidCnpj, isValidCpf, isValidEmail } from '../../../contract/br-docs.ts';
import type { CheckoutFormValues } from '../../../contract/checkout.ts';
import { FlowStep, PaymentMethod } from '../../../contract/enums.ts';
import type { Order } from '../../../contract/order.ts';
import { isManualPayment, type ShopSettings } from '../../../contract/shop-settings.ts';
import type { CheckoutSections } from './checkout-sections.ts';
import { hasFlowStep } from './checkout-sections.ts';
import type { ContactFormValues } from './contact-form.ts';
import { isCashGroup, MANUAL_TEXT_METHODS, manualPaymentError } from './payment-methods.ts';

/** What keeps the checkout from finishing, by field. */
export type CheckoutProblem =
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
  values: CheckoutFormValues;
  contact: ContactFormValues;
  order: Pick<Order, 'logistic' | 'seller' | 'totalAmout'>;
  settings: ShopSettings;
  sections: Pick<CheckoutSections, 'deliveryMethod' | 'schedule'>;
};

const filled = (text: string | null | undefined): boolean => (text ?? '').trim() !== '';

/** Every problem, in screen order (choices first, then contact, then payment); empty when complete. */
export function checkoutProblems({
  values,
  contact,
  order,
  settings,
  sections,
}: CheckoutCompleteInput): CheckoutProblem[] {
  const problems: CheckoutProblem[] = [];

  // The order carries its logistic's limits even before one is chosen: a choice has a providerId.
  if (hasFlowStep(settings, FlowStep.Seller) && !filled(order.seller?.providerId)) problems.push('seller');
  if (sections.deliveryMethod && !filled(order.logistic?.providerId)) problems.push('logistic');
  if (sections.schedule && (!filled(values.selectedDay) || !filled(values.selectedSchedule))) {
    problems.push('schedule');
  }

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
    const group = values.paymentOptionGroup;
    if (!filled(group)) problems.push('paymentOption');
    else if (isCashGroup(group)) {
      if (values.cashAmount == null || values.cashAmount < (order.totalAmout ?? 0))
        problems.push('cashAmount');
    } else if (!filled(values.paymentOptionId)) problems.push('paymentOption');
  } else if (isManualPayment(settings) && MANUAL_TEXT_METHODS.includes(method)) {
    const text = values.manualPaymentOption;
    if (!filled(text) || manualPaymentError(method, text) !== undefined) problems.push('manualPayment');
  }
  return problems;
}

/** True when the finish button may be shown. */
export const isCheckoutComplete = (input: CheckoutCompleteInput): boolean =>
  checkoutProblems(input).length === 0;
