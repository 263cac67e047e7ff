import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AgentConfirm, CheckoutFormValues } from '@/contract/checkout.ts';
import { PaymentMethod } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { isManualPayment } from '@/contract/shop-settings.ts';
import { type LeavePage, leavePage } from '@/lib/leave-page.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { clearDraft, saveDraft } from '@/order/checkout-draft.ts';
import { pixChargeStatus } from '@/order/pix/carries-pix-charge.ts';
import { useConfirmCheckout } from './api/confirm-checkout.ts';
import { setPaymentOnDelivery } from './api/set-payment-on-delivery.ts';
import { changedSinceShown } from './lib/checkout-complete.ts';
import type { CheckoutScreen } from './lib/checkout-sections.ts';
import { type ContactFormValues, contactToUpdate } from './lib/contact-form.ts';
import { draftOf } from './lib/initial-values.ts';
import { holdsOnDelivery } from './lib/payment-choices.ts';
import { isTotalChanged, ORDER_CHANGED_MESSAGE, totalChangedText } from './lib/total-changed.ts';

/**
 * What 'Finalizar e enviar ...' confirms: the contact data, the method, the manual payment text and
 * the total on screen when the tap landed (the checkout model test sends the same body).
 */
export function confirmBody({
  customer,
  values,
  settings,
  expectedTotal,
}: {
  customer: ReturnType<typeof contactToUpdate>;
  values: CheckoutFormValues;
  settings: CheckoutScreen['settings'];
  expectedTotal: number | undefined;
}): AgentConfirm {
  const body: AgentConfirm = { ...customer, paymentMethod: values.paymentMethod ?? undefined, expectedTotal };
  const information = values.manualPaymentOption?.trim();
  if (isManualPayment(settings) && information) body.manualPaymentInformation = information;
  return body;
}

/**
 * Before the card page: an order holding 'Pagar na entrega' (another tab chose it) forgets it, since
 * the shopper chose card here; the card page would otherwise say the method is not card.
 */
export async function forgetPayOnDelivery(held: Order): Promise<void> {
  if (holdsOnDelivery(held)) await setPaymentOnDelivery({});
}

type Options = {
  ctx: CheckoutScreen;
  values: CheckoutFormValues;
  contact: ContactFormValues;
  /** Sends the item quantities still in their 1-second pause; false when one failed. */
  flushQuantities(): Promise<boolean>;
  /** Saves the contact data still waiting for the 3-second autosave; false when invalid or refused. */
  flushContact(): Promise<boolean>;
  /** Opens another document in this tab (the card page loads as its own page, see below). */
  leave?: LeavePage;
};

/**
 * 'Finalizar e enviar ...': quantities and contact data still waiting are saved first, then
 * - a shopper paying by card on the shop's own page goes to the card page (the contact data are saved)
 *   (the card payment itself makes the order Received);
 * - everyone else confirms with the contact data, the method and the manual payment information;
 *   success → /finish, failure → the 'Finalizar Pedido' modal with the server's first message. When the
 *   order then carries a Pix charge (a backend with the extension, issue 36), the Pix page
 *   (/finish/pix) instead, on every channel; the operator sees the charge's status there.
 * The confirm carries the total on screen when the tap landed (`expectedTotal`): a server that finds
 * another total refuses it, and the modal says so with the new total, read again (issue 34).
 */
export function useFinishCheckout({
  ctx,
  values,
  contact,
  flushQuantities,
  flushContact,
  leave = leavePage,
}: Options) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirmCheckout();
  const [error, setError] = useState<string>();
  const [processing, setProcessing] = useState(false);
  const userId = ctx.session.userShop?.id;
  const enableCnpj = ctx.settings.enableCnpj === true;

  // Taps in the same instant all see `processing` false (state updates on the next render): the ref
  // lets only the first one through, so one confirmation is sent.
  const running = useRef(false);

  /**
   * The order as it is now that it is finished: does it carry a Pix charge? The confirm's success has
   * marked the cached order stale (and usually read it again already): one read at most. Without an
   * answer, the spec's flow. (The Pix page parses the charge, and gives way to /finish without one.)
   */
  async function hasPixCharge(): Promise<boolean> {
    try {
      return pixChargeStatus(await queryClient.fetchQuery(currentOrderQuery)) !== undefined;
    } catch {
      return false;
    }
  }

  async function finish() {
    if (running.current) return;
    // What the shopper saw as the tap landed is what they agree to pay.
    const expectedTotal = ctx.order.totalAmout ?? undefined;
    running.current = true;
    setProcessing(true);
    try {
      // The contact's errors, if any, are shown under its fields by the autosave.
      if (!(await flushQuantities()) || !(await flushContact())) return;
      // Another tab may have changed the order since this screen read it: the finish commits only
      // what the screen shows, at the total it showed; else the screen shows the order as it is now.
      const held = await queryClient.fetchQuery({ ...currentOrderQuery, staleTime: 0 });
      const changed = changedSinceShown(
        { values, contact, order: held, settings: ctx.settings, sections: ctx.sections },
        expectedTotal,
      );
      if (changed) {
        setError(changed === 'total' ? totalChangedText(held.totalAmout) : ORDER_CHANGED_MESSAGE);
        return;
      }
      const customer = contactToUpdate(contact, enableCnpj);
      const method = values.paymentMethod ?? undefined;
      const paysOnCardPage =
        !ctx.isPlatformUser && method === PaymentMethod.CreditCard && !isManualPayment(ctx.settings);
      if (paysOnCardPage) {
        // The card page reads the chosen method from the draft: it must be written before it renders.
        if (userId) saveDraft(userId, draftOf(values));
        // Another tab may have chosen 'Pagar na entrega' since this screen read the order: the card
        // page would then say the method is not card. The shopper chose card here; the order forgets it.
        await forgetPayOnDelivery(held);
        // A full page load, not a client-side route change: the card page's document gets its own
        // Content-Security-Policy, the only one that lets the card providers' scripts in (0007).
        leave('/order/payment');
        return;
      }
      const body = confirmBody({ customer, values, settings: ctx.settings, expectedTotal });
      await confirm.mutateAsync(body);
      if (userId) clearDraft(userId);
      navigate((await hasPixCharge()) ? '/finish/pix' : '/finish');
    } catch (failure) {
      if (isTotalChanged(failure)) {
        // The screen shows the order as it is now, and the modal names its total.
        const order = await queryClient
          .fetchQuery({ ...currentOrderQuery, staleTime: 0 })
          .catch(() => undefined);
        const held = (failure.data as { totalAmout?: number } | undefined)?.totalAmout;
        setError(totalChangedText(order?.totalAmout ?? held));
        return;
      }
      setError(failure instanceof Error ? failure.message : 'Não foi possível finalizar o pedido.');
    } finally {
      running.current = false;
      setProcessing(false);
    }
  }

  return { finish, processing, sending: confirm.isPending, error, dismissError: () => setError(undefined) };
}
