// What must hold between the screen, the server and the money after every step, and at the finish.
import { approvedCardPayload } from '../../server/sandbox/testing/fixtures.ts';
import type { AgentConfirm } from '../../src/contract/checkout.ts';
import { OrderState, PaymentMethod } from '../../src/contract/enums.ts';
import type { Order } from '../../src/contract/order.ts';
import { isManualPayment } from '../../src/contract/shop-settings.ts';
import { confirmCheckout } from '../../src/features/checkout/api/confirm-checkout.ts';
import { contactToUpdate } from '../../src/features/checkout/lib/contact-form.ts';
import { methodOfLogistic } from '../../src/features/checkout/lib/logistic-method.ts';
import { summaryRows, summaryRowsSumCents } from '../../src/features/checkout/lib/summary-rows.ts';
import { listCardOptions } from '../../src/features/payment/api/list-card-options.ts';
import { payWithCard } from '../../src/features/payment/api/pay-with-card.ts';
import { getCurrentOrder } from '../../src/order/api/get-current-order.ts';
import type { Screen } from './screen.ts';

const cents = (reais: number | null | undefined) => Math.round((reais ?? 0) * 100);

/** A choice as the screen shows it, next to the same choice as the server holds it. */
type Compared = { what: string; shown: unknown; held: unknown };

/**
 * Every choice the finish confirms, as shown on the screen (the radios and selects the sections
 * render from the form) and as the server holds it.
 */
export function compareChoices(screen: Screen, held: Order): Compared[] {
  const { values, sections, settings } = screen;
  const shown = screen.order;
  const list: Compared[] = [];
  if (settings.externalLogistic !== true) {
    const logistic = held.logistic;
    list.push({ what: 'método de entrega', shown: screen.method, held: methodOfLogistic(logistic?.type) });
    if (!sections.manualLogistics) {
      list.push({
        what: 'opção de entrega',
        shown: values.selectedLogistic ?? null,
        held: logistic?.providerId ?? null,
      });
    }
    if (screen.method === 0) {
      list.push({
        what: 'loja de retirada',
        shown: values.pickupAddress ?? null,
        held: logistic?.storePickUpAddress?.providerId ?? null,
      });
    } else if (logistic?.addressIndex != null) {
      list.push({
        what: 'endereço',
        shown: values.deliveryAddressIndex ?? null,
        held: logistic.addressIndex,
      });
    }
  }
  if (sections.sellerSelect) {
    const seller = values.selectedSeller ?? shown.seller?.providerId ?? null;
    list.push({ what: 'loja (vendedor)', shown: seller, held: held.seller?.providerId ?? null });
  }
  if (sections.schedule) {
    list.push({
      what: 'agendamento',
      shown: `${values.selectedDay ?? ''} ${values.selectedSchedule ?? ''}`,
      held: `${held.schedule?.day ?? ''} ${held.schedule?.startTime ?? ''}`,
    });
  }
  if (values.paymentMethod === PaymentMethod.OnDelivery) {
    const onDelivery =
      held.payment?.method === PaymentMethod.OnDelivery ? held.payment.onDelivery : undefined;
    list.push({
      what: 'tipo de pagamento na entrega',
      shown: values.paymentOptionGroup,
      held: onDelivery?.group,
    });
    if (values.paymentOptionGroup === 'Dinheiro') {
      list.push({
        what: 'valor em espécie',
        shown: cents(values.cashAmount),
        held: cents(onDelivery?.cashAmount),
      });
    } else {
      list.push({ what: 'meio de pagamento', shown: values.paymentOptionId, held: onDelivery?.providerId });
    }
  }
  return list;
}

export const disagreements = (list: readonly Compared[]) => list.filter((c) => c.shown !== c.held);

const describe = (list: readonly Compared[]) =>
  list
    .map((c) => `${c.what}: tela ${JSON.stringify(c.shown)}, servidor ${JSON.stringify(c.held)}`)
    .join('; ');

/** After every step: the summary adds up and is the server's, and an offered finish confirms what is shown. */
export async function checkStep(screen: Screen): Promise<void> {
  const server = await getCurrentOrder();
  const rows = summaryRows(screen.order);
  const total = rows.find((row) => row.kind === 'total')?.amount;
  if (summaryRowsSumCents(rows) !== cents(total)) {
    throw new Error(`as linhas do resumo não somam o total: ${JSON.stringify(rows)}`);
  }
  const serverRows = summaryRows(server);
  if (JSON.stringify(rows) !== JSON.stringify(serverRows)) {
    throw new Error(`o resumo mostra ${JSON.stringify(rows)}, o servidor tem ${JSON.stringify(serverRows)}`);
  }
  if (screen.problems().length === 0) {
    const wrong = disagreements(compareChoices(screen, server));
    if (wrong.length > 0)
      throw new Error(`'Finalizar' oferecido com a tela diferente do pedido: ${describe(wrong)}`);
  }
}

/** The body 'Finalizar e enviar ...' sends (useFinishCheckout). */
export function confirmBody(screen: Screen): AgentConfirm {
  const customer = contactToUpdate(screen.contact, screen.settings.enableCnpj === true);
  const body: AgentConfirm = { ...customer, paymentMethod: screen.values.paymentMethod ?? undefined };
  const information = screen.values.manualPaymentOption?.trim();
  if (isManualPayment(screen.settings) && information) body.manualPaymentInformation = information;
  return body;
}

/**
 * The last step: the finish. Offered, it must confirm exactly what the screen shows at the total it
 * shows. Withheld, the server must refuse the same confirmation, or hold something the screen does
 * not show: a finish withheld for an order the server would take as shown is a dead end.
 */
export type FinishOutcome = 'confirmed' | 'withheld-and-refused' | 'withheld-showing-other-choices';

/** Where the sandbox records what a card was charged (the test reads its database). */
export type ChargeRecords = (orderId: string) => { amountCents: number; installments: number | null }[];

const PAYS_ON_CARD_PAGE = (screen: Screen) =>
  !screen.isPlatformUser &&
  screen.values.paymentMethod === PaymentMethod.CreditCard &&
  !isManualPayment(screen.settings);

/**
 * A shopper paying by card goes on to the card page: every interest-free plan offered adds up to the
 * total shown, and paying with one charges exactly that total.
 */
async function payOnCardPage(screen: Screen, pick: number, charges: ChargeRecords): Promise<void> {
  const shownCents = cents(screen.order.totalAmout);
  const [option] = await listCardOptions();
  const plans = option?.installments ?? [];
  const free = plans.filter((plan) => plan.interestFree === true);
  if (!option || free.length === 0)
    throw new Error(`o cartão não oferece parcelas sem juros: ${JSON.stringify(plans)}`);
  for (const plan of free) {
    const sum = (plan.values ?? []).reduce((total, value) => total + cents(value), 0);
    if (plan.values?.length !== plan.count || sum !== shownCents) {
      throw new Error(`${plan.count}x sem juros soma ${sum / 100}, o total mostrado é ${shownCents / 100}`);
    }
  }
  const plan = free[pick % free.length];
  const outcome = await payWithCard(
    approvedCardPayload({ providerId: option.providerId, installments: plan?.count ?? 1 }),
  );
  if (!outcome.success) throw new Error(`cartão aprovado recusado: ${outcome.message}`);
  const charged = charges(screen.order.id);
  if (charged.length !== 1 || charged[0]?.amountCents !== shownCents) {
    throw new Error(`cobrado ${JSON.stringify(charged)}, o total mostrado é ${shownCents / 100}`);
  }
  screen.log.push(`card page: ${plan?.count}x, charged ${shownCents / 100}`);
}

export async function finishAndCheck(screen: Screen, charges: ChargeRecords): Promise<FinishOutcome> {
  const offered = screen.problems().length === 0;
  const shownTotal = screen.order.totalAmout;
  if (offered && PAYS_ON_CARD_PAGE(screen)) {
    await payOnCardPage(screen, screen.log.length, charges);
    return checkConfirmed(screen, shownTotal);
  }
  let accepted = true;
  let refusal = '';
  try {
    await confirmCheckout(confirmBody(screen));
  } catch (error) {
    accepted = false;
    refusal = (error as Error).message;
  }
  screen.log.push(
    `finish ${offered ? 'offered' : `withheld (${screen.problems().join(', ')})`}: ${accepted ? 'accepted' : `refused (${refusal})`}`,
  );
  if (offered && !accepted) throw new Error(`'Finalizar' oferecido, mas o servidor recusou: ${refusal}`);
  if (!accepted) return 'withheld-and-refused';
  const confirmed = await getCurrentOrder();
  if (confirmed.status !== OrderState.Received)
    throw new Error(`pedido confirmado com status ${confirmed.status}`);
  const wrong = disagreements(compareChoices(screen, confirmed));
  if (offered) {
    if (wrong.length > 0) throw new Error(`confirmado diferente da tela: ${describe(wrong)}`);
    if (cents(confirmed.totalAmout) !== cents(shownTotal)) {
      throw new Error(`confirmado por ${confirmed.totalAmout}, a tela mostrava ${shownTotal}`);
    }
    return 'confirmed';
  }
  if (wrong.length === 0) {
    throw new Error(
      `'Finalizar' retido (${screen.problems().join(', ')}), mas o servidor aceitou o pedido como a tela o mostra`,
    );
  }
  return 'withheld-showing-other-choices';
}

/** The order as confirmed holds exactly the choices shown, at the total shown. */
async function checkConfirmed(screen: Screen, shownTotal: number | null | undefined): Promise<FinishOutcome> {
  const confirmed = await getCurrentOrder();
  if (confirmed.status !== OrderState.Received)
    throw new Error(`pedido confirmado com status ${confirmed.status}`);
  const wrong = disagreements(compareChoices(screen, confirmed));
  if (wrong.length > 0) throw new Error(`confirmado diferente da tela: ${describe(wrong)}`);
  if (cents(confirmed.totalAmout) !== cents(shownTotal)) {
    throw new Error(`confirmado por ${confirmed.totalAmout}, a tela mostrava ${shownTotal}`);
  }
  return 'confirmed';
}
