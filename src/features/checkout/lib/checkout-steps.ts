// The checkout's steps on a phone (issue 25): the spec's sections grouped into what a shopper
// completes one after the other. A complete step folds to one line ('Alterar' reopens it); the next
// incomplete one opens. Wider screens show every section open and never fold.
import type { CheckoutFormValues } from '@/contract/checkout.ts';
import { addressLine } from '@/contract/checkout.ts';
import { LogisticFormValue, PaymentMethod } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { Address } from '@/contract/session.ts';
import { formatBRL, formatCount } from '@/lib/format.ts';
import { formatDayMonth } from '@/lib/format-date.ts';
import type { CheckoutProblem } from './checkout-complete.ts';
import type { CheckoutSections } from './checkout-sections.ts';
import type { ContactFormValues } from './contact-form.ts';
import { effectiveLogisticType } from './logistic-method.ts';
import { isCashGroup, PAYMENT_METHOD_LABELS } from './payment-methods.ts';

export type CheckoutStepId = 'store' | 'delivery' | 'items' | 'contact' | 'payment';

const STEP_TITLES: Readonly<Record<Exclude<CheckoutStepId, 'delivery'>, string>> = {
  store: 'Loja',
  items: 'Itens do pedido',
  contact: 'Dados do contato',
  payment: 'Pagamento',
};

/**
 * A folded step's title: the spec's title of the section that opens it. The delivery step opens with
 * 'Forma de entrega', or without the method switch (seller step, external logistic) with 'Entrega', or
 * with only 'Agendamento'.
 */
export function stepTitle(
  step: CheckoutStepId,
  sections: Pick<CheckoutSections, 'deliveryMethod' | 'pickUp' | 'delivery'>,
): string {
  if (step !== 'delivery') return STEP_TITLES[step];
  if (sections.deliveryMethod) return 'Forma de entrega';
  return sections.pickUp || sections.delivery === 'enabled' ? 'Entrega' : 'Agendamento';
}

const STEP_OF_PROBLEM: Readonly<Record<CheckoutProblem, CheckoutStepId>> = {
  seller: 'store',
  logistic: 'delivery',
  schedule: 'delivery',
  items: 'items',
  name: 'contact',
  email: 'contact',
  document: 'contact',
  corporateDocument: 'contact',
  corporateName: 'contact',
  tradeName: 'contact',
  paymentMethod: 'payment',
  paymentOption: 'payment',
  cashAmount: 'payment',
  manualPayment: 'payment',
};

/** The step where a missing piece is filled in. */
export const stepOfProblem = (problem: CheckoutProblem): CheckoutStepId => STEP_OF_PROBLEM[problem];

/** The steps the screen shows, in order: a step whose sections are all hidden is left out. */
export function visibleSteps(
  sections: Pick<
    CheckoutSections,
    'store' | 'deliveryMethod' | 'pickUp' | 'delivery' | 'schedule' | 'paymentMethod'
  >,
): CheckoutStepId[] {
  const steps: CheckoutStepId[] = [];
  if (sections.store) steps.push('store');
  const anyLogistic = sections.deliveryMethod || sections.pickUp || sections.delivery === 'enabled';
  if (anyLogistic || sections.schedule) steps.push('delivery');
  steps.push('items', 'contact');
  if (sections.paymentMethod) steps.push('payment');
  return steps;
}

/** What each step still misses, in screen order. */
export function problemsByStep(problems: readonly CheckoutProblem[]): Map<CheckoutStepId, CheckoutProblem[]> {
  const byStep = new Map<CheckoutStepId, CheckoutProblem[]>();
  for (const problem of problems) {
    const step = stepOfProblem(problem);
    byStep.set(step, [...(byStep.get(step) ?? []), problem]);
  }
  return byStep;
}

/** The first step that misses something, or null when the checkout is complete. */
export function firstIncomplete(
  steps: readonly CheckoutStepId[],
  problems: readonly CheckoutProblem[],
): CheckoutStepId | null {
  const missing = new Set(problems.map(stepOfProblem));
  return steps.find((step) => missing.has(step)) ?? null;
}

/**
 * Where 'Continuar' leads from a step: the next incomplete step after it, else the first incomplete
 * one before it, else none (everything is complete: the bar's finish is next).
 */
export function nextIncomplete(
  steps: readonly CheckoutStepId[],
  problems: readonly CheckoutProblem[],
  from: CheckoutStepId,
): CheckoutStepId | null {
  const missing = new Set(problems.map(stepOfProblem));
  const at = steps.indexOf(from);
  const after = steps.slice(at + 1).find((step) => missing.has(step));
  return after ?? steps.slice(0, Math.max(at, 0)).find((step) => missing.has(step)) ?? null;
}

export type StepSummaryInput = {
  order: Order;
  values: CheckoutFormValues;
  contact: ContactFormValues;
  sections: Pick<CheckoutSections, 'delivery' | 'pickUp'>;
  addresses: readonly Address[];
};

const joined = (...parts: (string | null | undefined | false)[]): string =>
  parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' · ');

const priceOrFree = (price: number | null | undefined): string =>
  price != null && price > 0 ? formatBRL(price) : 'Grátis';

function deliverySummary({ order, values, sections, addresses }: StepSummaryInput): string {
  const held = order.logistic;
  const method = effectiveLogisticType({ order, sections }, values.logisticType);
  const schedule =
    order.schedule?.day && order.schedule.startTime
      ? `${formatDayMonth(order.schedule.day) || order.schedule.day} às ${order.schedule.startTime}`
      : undefined;
  if (!held?.providerId) return joined(schedule);
  if (method === LogisticFormValue.PickUp) {
    const store = held.storePickUpAddress;
    return joined('Retirada em loja', store?.name || addressLine(store), priceOrFree(held.price), schedule);
  }
  const address = held.addressIndex != null ? addresses[held.addressIndex] : undefined;
  return joined('Entrega', addressLine(address), priceOrFree(held.price), schedule);
}

function itemsSummary({ order }: StepSummaryInput): string {
  const paid = order.items.filter((item) => item.isGift !== true);
  const count = paid.reduce((sum, item) => sum + item.quantity, 0);
  return joined(formatCount(count, 'item', 'itens'), formatBRL(order.itemsAmout ?? 0));
}

function paymentSummary({ order, values }: StepSummaryInput): string {
  const method = values.paymentMethod ?? undefined;
  if (method === undefined) return '';
  if (method === PaymentMethod.OnDelivery) {
    const group = values.paymentOptionGroup ?? undefined;
    const cash = isCashGroup(group) && values.cashAmount != null;
    const change = cash && (values.cashAmount ?? 0) > (order.totalAmout ?? 0);
    return joined(
      PAYMENT_METHOD_LABELS[method],
      group,
      change ? `troco para ${formatBRL(values.cashAmount ?? 0)}` : undefined,
    );
  }
  return joined(PAYMENT_METHOD_LABELS[method] ?? values.manualPaymentOption ?? undefined);
}

/**
 * The one line a folded step shows: what was chosen, never a document number. Empty when there is
 * nothing to say (the folded line then says what is missing).
 */
export function stepSummary(step: CheckoutStepId, input: StepSummaryInput): string {
  switch (step) {
    case 'store':
      return joined(input.order.seller?.name);
    case 'delivery':
      return deliverySummary(input);
    case 'items':
      return itemsSummary(input);
    case 'contact':
      return joined(input.contact.name, input.contact.email);
    case 'payment':
      return paymentSummary(input);
  }
}
