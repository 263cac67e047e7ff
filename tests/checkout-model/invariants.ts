// What must hold between the screen, the server and the money after every step, and at the finish.
import { approvedCardPayload } from '../../server/sandbox/testing/fixtures.ts';
import { type AgentConfirm, TOTAL_CHANGED_ERROR_TYPE } from '../../src/contract/checkout.ts';
import { OrderState, PaymentMethod } from '../../src/contract/enums.ts';
import type { Order } from '../../src/contract/order.ts';
import { isManualPayment } from '../../src/contract/shop-settings.ts';
import { confirmCheckout } from '../../src/features/checkout/api/confirm-checkout.ts';
import { confirmBody, forgetPayOnDelivery } from '../../src/features/checkout/use-finish-checkout.ts';
import { contactToUpdate } from '../../src/features/checkout/lib/contact-form.ts';
import { methodOfLogistic } from '../../src/features/checkout/lib/logistic-method.ts';
import { summaryRows, summaryRowsSumCents } from '../../src/features/checkout/lib/summary-rows.ts';
import { changedSinceShown } from '../../src/features/checkout/lib/checkout-complete.ts';
import type { QueryClient } from '@tanstack/query-core';
import { cardOptionsQuery } from '../../src/features/payment/api/list-card-options.ts';
import { paymentView } from '../../src/features/payment/components/payment-view.ts';
import { ApiError } from '../../src/lib/api-client.ts';
import { createQueryClient } from '../../src/lib/query-client.ts';
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

/**
 * After every step: the summary adds up and is the server's (unless the second actor changed the
 * order and this screen has not read it yet), an offered finish confirms what is shown, and no
 * finish is offered while a line shows a quantity the order does not hold yet.
 */
export async function checkStep(screen: Screen): Promise<void> {
  const server = await getCurrentOrder();
  const rows = summaryRows(screen.order);
  const total = rows.find((row) => row.kind === 'total')?.amount;
  if (summaryRowsSumCents(rows) !== cents(total)) {
    throw new Error(`as linhas do resumo não somam o total: ${JSON.stringify(rows)}`);
  }
  const serverRows = summaryRows(server);
  if (JSON.stringify(rows) !== JSON.stringify(serverRows) && !screen.changedElsewhere) {
    throw new Error(`o resumo mostra ${JSON.stringify(rows)}, o servidor tem ${JSON.stringify(serverRows)}`);
  }
  if (!screen.finishOffered()) return;
  for (const item of screen.order.items) {
    const shown = screen.shownQuantity(item.index);
    if (shown !== item.quantity) {
      throw new Error(
        `'Finalizar' oferecido com a linha ${item.providerId} mostrando ${shown} e o pedido ${item.quantity} (total ${screen.order.totalAmout})`,
      );
    }
  }
  if (screen.changedElsewhere) return;
  const wrong = disagreements(compareChoices(screen, server));
  if (wrong.length > 0)
    throw new Error(`'Finalizar' oferecido com a tela diferente do pedido: ${describe(wrong)}`);
}

/** The body 'Finalizar e enviar ...' sends (useFinishCheckout's own), at the total the screen shows. */
export function confirmBodyOf(screen: Screen): AgentConfirm {
  return confirmBody({
    customer: contactToUpdate(screen.contact, screen.settings.enableCnpj === true),
    values: screen.values,
    settings: screen.settings,
    expectedTotal: screen.order.totalAmout ?? undefined,
  });
}

/**
 * The last step: the finish. Offered, it must confirm exactly what the screen shows at the total it
 * shows. Withheld, the server must refuse the same confirmation, or hold something the screen does
 * not show: a finish withheld for an order the server would take as shown is a dead end.
 */
export type FinishOutcome =
  | 'confirmed'
  | 'confirmed-after-new-total'
  | 'withheld-and-refused'
  | 'withheld-showing-other-choices'
  /** The other tab's change broke a rule of the order (its minimum, say): refused with the server's words, nothing charged. */
  | 'refused-after-other-change';

/** The server's refusal of a money call because the total changed (decision 0022). */
const totalChanged = (error: unknown) =>
  error instanceof ApiError && error.errors[0]?.type === TOTAL_CHANGED_ERROR_TYPE;

/** What happens on the card page before paying: the other tab changes the order, the page hears of it. */
export type CardPageStep = 'other' | 'notice';

/** Where the sandbox records what a card was charged (the test reads its database). */
export type ChargeRecords = (orderId: string) => { amountCents: number; installments: number | null }[];

const PAYS_ON_CARD_PAGE = (screen: Screen) =>
  !screen.isPlatformUser &&
  screen.values.paymentMethod === PaymentMethod.CreditCard &&
  !isManualPayment(screen.settings);

/** The card plans the page shows for a total (the page's own query, in the page's query client). */
async function cardPlans(client: QueryClient, total: number | null | undefined) {
  const { options } = await client.fetchQuery(cardOptionsQuery(total));
  return options[0];
}

/**
 * A shopper paying by card goes on to the card page (a page load: it reads the order). It shows the
 * card form, its interest-free plans add up to the total it shows (also after the other tab changed
 * the order and the page heard of it), and paying charges exactly the total shown at that instant,
 * or is refused with the new total shown and then charges that.
 */
async function payOnCardPage(
  screen: Screen,
  pick: number,
  charges: ChargeRecords,
  steps: readonly CardPageStep[],
): Promise<number | 'refused'> {
  // The finish's last step before the card page (useFinishCheckout), then the page's own load.
  await forgetPayOnDelivery(await getCurrentOrder());
  const client = createQueryClient();
  let order = await getCurrentOrder();
  const view = paymentView(order, screen.settings, screen.values.paymentMethod);
  if (view.kind !== 'card')
    throw new Error(`a página do cartão mostra '${view.kind}', o cliente escolheu cartão`);
  // The page asks for the plans of the total it shows as it opens, and again whenever it reads a new total.
  await cardPlans(client, order.totalAmout);
  for (const step of steps) {
    if (step === 'other') await screen.other('quantity', pick);
    else {
      order = await getCurrentOrder();
      await cardPlans(client, order.totalAmout);
    }
    screen.log.push(`card page: ${step}, total shown ${order.totalAmout}`);
  }
  for (let attempt = 0; ; attempt += 1) {
    const shownCents = cents(order.totalAmout);
    const option = await cardPlans(client, order.totalAmout);
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
    const outcome = await payWithCard({
      ...approvedCardPayload({ providerId: option.providerId, installments: plan?.count ?? 1 }),
      expectedTotal: order.totalAmout ?? undefined,
    });
    if (!outcome.success && outcome.type === TOTAL_CHANGED_ERROR_TYPE && attempt === 0) {
      if (!screen.changedElsewhere)
        throw new Error(`cobrança recusada por 'total mudou' sem que nada mudasse`);
      if (charges(screen.order.id).length > 0) throw new Error('cobrança recusada, mas o cartão foi cobrado');
      // The page reads the order again and shows the new total and its plans; the shopper pays again.
      order = await getCurrentOrder();
      await cardPlans(client, order.totalAmout);
      screen.log.push(`card page: refused, new total ${order.totalAmout}`);
      continue;
    }
    if (!outcome.success && screen.changedElsewhere) {
      // The other tab's change broke a rule of the order: the page says the server's words; no charge.
      if (charges(screen.order.id).length > 0) throw new Error('cobrança recusada, mas o cartão foi cobrado');
      screen.log.push(`card page: refused after the other tab's change (${outcome.message})`);
      return 'refused';
    }
    if (!outcome.success) throw new Error(`cartão aprovado recusado: ${outcome.message}`);
    const charged = charges(screen.order.id);
    if (charged.length !== 1 || charged[0]?.amountCents !== shownCents) {
      throw new Error(`cobrado ${JSON.stringify(charged)}, o total mostrado é ${shownCents / 100}`);
    }
    screen.log.push(`card page: ${plan?.count}x, charged ${shownCents / 100}`);
    return order.totalAmout ?? 0;
  }
}

export async function finishAndCheck(
  screen: Screen,
  charges: ChargeRecords,
  cardSteps: readonly CardPageStep[] = [],
  retried = false,
  /** The other tab changes the order between the finish's last read and its confirm. */
  raceAtFinish = false,
): Promise<FinishOutcome> {
  if (screen.problems().length === 0 && !screen.finishOffered()) {
    // 'Atualizando pedido': the shopper waits for the order, then finishes at the total it then shows.
    screen.log.push('finish busy: Atualizando pedido');
    await screen.wait(1000);
    await checkStep(screen);
  }
  const offered = screen.finishOffered();
  const shownTotal = screen.order.totalAmout;
  if (offered) {
    // useFinishCheckout reads the order before it commits: changed behind the screen, the screen
    // shows it as it is now (and the new total), and the shopper decides again.
    const held = await getCurrentOrder();
    const changed = changedSinceShown(
      {
        values: screen.values,
        contact: screen.contact,
        order: held,
        settings: screen.settings,
        sections: screen.sections,
      },
      shownTotal ?? undefined,
    );
    if (changed) {
      if (!screen.changedElsewhere) throw new Error(`o pedido mudou (${changed}) sem que nada mudasse`);
      screen.showOrder(held);
      screen.log.push(`finish: the order changed (${changed}), shown again at ${held.totalAmout}`);
      await checkStep(screen);
      const again = await finishAndCheck(screen, charges, cardSteps, true);
      return again === 'confirmed' ? 'confirmed-after-new-total' : again;
    }
    if (raceAtFinish && !retried) await screen.other('quantity', 0);
  }
  if (offered && PAYS_ON_CARD_PAGE(screen)) {
    const charged = await payOnCardPage(screen, screen.log.length, charges, cardSteps);
    if (charged === 'refused') return 'refused-after-other-change';
    return checkConfirmed(screen, charged);
  }
  let accepted = true;
  let refusal: unknown;
  try {
    await confirmCheckout(confirmBodyOf(screen));
  } catch (error) {
    accepted = false;
    refusal = error;
  }
  const why = refusal instanceof Error ? refusal.message : '';
  screen.log.push(
    `finish ${offered ? 'offered' : `withheld (${screen.problems().join(', ')})`} at ${shownTotal}: ${accepted ? 'accepted' : `refused (${why})`}`,
  );
  if (!accepted && totalChanged(refusal)) {
    // The only allowed refusal of an offered finish: the order changed elsewhere since the screen read it.
    if (!screen.changedElsewhere) throw new Error(`'total mudou' recusado sem que nada mudasse: ${why}`);
    if (retried) throw new Error(`recusado duas vezes por 'total mudou': ${why}`);
    await screen.notice();
    await checkStep(screen);
    const again = await finishAndCheck(screen, charges, [], true);
    return again === 'confirmed' ? 'confirmed-after-new-total' : again;
  }
  if (offered && !accepted && screen.changedElsewhere) {
    // The other tab's change broke a rule of the order: 'Finalizar Pedido' shows the server's words.
    const held = await getCurrentOrder();
    if (held.status === OrderState.Received) throw new Error(`recusado, mas o pedido foi confirmado: ${why}`);
    return 'refused-after-other-change';
  }
  if (offered && !accepted) throw new Error(`'Finalizar' oferecido, mas o servidor recusou: ${why}`);
  if (!accepted) return 'withheld-and-refused';
  const confirmed = await getCurrentOrder();
  if (confirmed.status !== OrderState.Received)
    throw new Error(`pedido confirmado com status ${confirmed.status}`);
  if (cents(confirmed.totalAmout) !== cents(shownTotal)) {
    throw new Error(`confirmado por ${confirmed.totalAmout}, a tela mostrava ${shownTotal}`);
  }
  const wrong = disagreements(compareChoices(screen, confirmed));
  if (offered) {
    if (wrong.length > 0) throw new Error(`confirmado diferente da tela: ${describe(wrong)}`);
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
