import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import type { CheckoutFormValues } from '@/contract/checkout.ts';
import type { Order } from '@/contract/order.ts';
import type { LeavePage } from '@/lib/leave-page.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { clearDraft, loadDraft, saveDraft } from '@/order/checkout-draft.ts';
import { isOrderOpen } from '@/order/closed-order.ts';
import { ClosedOrderNotice } from '@/order/closed-order-notice/closed-order-notice.tsx';
import { useQuantityQueue } from '@/order/quantity/use-quantity-queue.ts';
import { useOrderStaysFresh } from '@/order/use-order-stays-fresh.ts';
import type { LoadedSession } from '@/session/start-session.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import { priceTablesQuery } from './api/list-price-tables.ts';
import { ContactSection } from './components/contact/contact-section.tsx';
import { useContactAutosave } from './components/contact/use-contact-autosave.ts';
import { DeliverySection } from './components/delivery/delivery-section.tsx';
import { DeliveryMethodSection } from './components/delivery-method/delivery-method-section.tsx';
import { CheckoutFooter, missingText } from './components/footer/checkout-footer.tsx';
import { InfoModal } from './components/footer/info-modal.tsx';
import { ItemsSection } from './components/items/items-section.tsx';
import { PaymentSection } from './components/payment/payment-section.tsx';
import { PickUpSection } from './components/pick-up/pick-up-section.tsx';
import { ScheduleSection } from './components/schedule/schedule-section.tsx';
import { CheckoutStep } from './components/steps/checkout-step.tsx';
import { useCheckoutSteps } from './components/steps/use-checkout-steps.ts';
import { StoreSection } from './components/store/store-section.tsx';
import { SummarySection } from './components/summary/summary-section.tsx';
import { checkoutProblems } from './lib/checkout-complete.ts';
import { type CheckoutScreen, checkoutSections } from './lib/checkout-sections.ts';
import {
  type CheckoutStepId,
  problemsByStep,
  stepSummary,
  stepTitle,
  visibleSteps,
} from './lib/checkout-steps.ts';
import { type ContactFormValues, contactFormSchema, contactFromCustomer } from './lib/contact-form.ts';
import { draftOf, initialCheckoutValues } from './lib/initial-values.ts';
import { effectiveLogisticType } from './lib/logistic-method.ts';
import { finishLabel } from './lib/payment-methods.ts';
import { readableMessage } from './lib/server-message.ts';
import { useFinishCheckout } from './use-finish-checkout.ts';
import './checkout.css';
import { PageTitle } from '@/components/ui/page-title.tsx';

/** How long the draft waits after the last change before it is written (typing stays cheap). */
const DRAFT_SAVE_DELAY_MS = 300;

/**
 * The checkout screen (spec section 2): the sections in the spec's order, the summary and the footer
 * actions. A Received order shows only the wrapper.
 */
export function CheckoutPage({ leave }: { leave?: LeavePage } = {}) {
  const { data: order, isPending, isError } = useQuery(currentOrderQuery);
  const loaded = useLoadedSession();
  return (
    <section
      className={loaded.isPlatformUser ? 'checkout checkout--full' : 'checkout checkout--columns'}
      aria-labelledby="checkout-title"
    >
      <h1 id="checkout-title">Finalizar pedido</h1>
      {isPending && <PageSpinner label="Carregando o seu pedido..." />}
      {isError && <p role="alert">Não foi possível carregar o seu pedido. Tente novamente.</p>}
      {/* A received, finalized or canceled order says so instead of offering a form (closed-order.ts). */}
      {order && !isOrderOpen(order) && <ClosedOrderNotice order={order} />}
      {order && isOrderOpen(order) && <CheckoutForm order={order} loaded={loaded} leave={leave} />}
    </section>
  );
}

type LoadedScreen = LoadedSession & { isPlatformUser: boolean };

function CheckoutForm({ order, loaded, leave }: { order: Order; loaded: LoadedScreen; leave?: LeavePage }) {
  const { session, isPlatformUser } = loaded;
  const settings = loaded.settings ?? {};
  const userId = session.userShop?.id ?? '';
  const priceTables = useQuery({ ...priceTablesQuery, enabled: isPlatformUser });
  const sections = checkoutSections({
    order,
    settings,
    isPlatformUser,
    priceTableCount: priceTables.data?.length ?? 0,
  });
  const ctx: CheckoutScreen = { order, settings, isPlatformUser, session, sections };

  const [defaults] = useState(() => {
    const values = initialCheckoutValues(
      order,
      userId ? loadDraft(userId) : undefined,
      session.userShop?.addresses ?? [],
    );
    // The method in force from the first render on: written by DeliveryMethodSection after the first
    // paint instead, it would render the whole screen a second time (issue 25).
    return { ...values, logisticType: effectiveLogisticType(ctx, values.logisticType) };
  });
  const form = useForm<CheckoutFormValues>({ defaultValues: defaults });
  const contactResolver = useMemo(
    () => zodResolver(contactFormSchema(settings.enableCnpj === true)),
    [settings.enableCnpj],
  );
  const contactForm = useForm<ContactFormValues>({
    mode: 'onChange',
    resolver: contactResolver,
    defaultValues: contactFromCustomer(session.userShop?.customer ?? {}),
  });
  useDraftAutosave(form, userId);
  const queue = useQuantityQueue();
  // Issue 34: the order is read again on focus, visibility and another tab's change.
  useOrderStaysFresh();
  // A field the server refused opens its step and takes the focus, its message under it (issue 34).
  const autosave = useContactAutosave(contactForm, settings.enableCnpj === true, {
    onRefused: (field) => {
      flushSync(() => fold.reveal('contact'));
      contactForm.setFocus(field);
    },
  });

  const values = form.watch();
  const contact = contactForm.watch();
  const problems = checkoutProblems({ values, contact, order, settings, sections });
  const mainRef = useRef<HTMLDivElement>(null);
  const finishRef = useRef<HTMLButtonElement>(null);
  const steps = visibleSteps(sections);
  const fold = useCheckoutSteps({ steps, problems, root: mainRef, finish: finishRef });
  const missingByStep = problemsByStep(problems);
  const addresses = session.userShop?.addresses ?? [];
  const stepProps = (step: CheckoutStepId) => {
    const missing = missingByStep.get(step) ?? [];
    return {
      step,
      title: stepTitle(step, sections),
      folding: fold.folding,
      open: fold.open === step,
      complete: missing.length === 0,
      summary: stepSummary(step, { order, values, contact, sections, addresses }),
      missing: missingText(missing),
      onOpen: fold.openStep,
      onContinue: fold.continueFrom,
    };
  };
  const finishing = useFinishCheckout({
    ctx,
    values,
    contact,
    flushQuantities: queue.flush,
    leave,
    flushContact: async () => {
      const saved = await autosave.flush();
      if (!saved) {
        // A folded step's fields are hidden and cannot take the focus: open it first.
        flushSync(() => fold.reveal('contact'));
        focusFirstError(contactForm);
      }
      return saved;
    },
  });

  return (
    <FormProvider {...form}>
      {/* The sections in the spec's order, grouped in steps that fold on a phone (checkout-steps.ts). */}
      <div className="checkout__main" ref={mainRef}>
        {steps.includes('store') && (
          <CheckoutStep {...stepProps('store')}>
            <StoreSection ctx={ctx} />
          </CheckoutStep>
        )}
        {steps.includes('delivery') && (
          <CheckoutStep {...stepProps('delivery')}>
            <DeliveryMethodSection ctx={ctx} />
            {/* Each section shows itself only for the delivery method in force (see logistic-type.ts). */}
            <PickUpSection ctx={ctx} />
            <DeliverySection ctx={ctx} />
            <ScheduleSection ctx={ctx} />
          </CheckoutStep>
        )}
        <CheckoutStep {...stepProps('items')}>
          <ItemsSection order={order} queue={queue} />
        </CheckoutStep>
        <CheckoutStep {...stepProps('contact')}>
          <ContactSection ctx={ctx} form={contactForm} autosave={autosave} />
        </CheckoutStep>
        {steps.includes('payment') && (
          <CheckoutStep {...stepProps('payment')}>
            <PaymentSection ctx={ctx} />
          </CheckoutStep>
        )}
      </div>
      <aside className="checkout__side" aria-label="Resumo e ações">
        <SummarySection ctx={ctx} />
        <CheckoutFooter
          ctx={ctx}
          problems={problems}
          finishLabel={finishLabel({ method: values.paymentMethod ?? undefined, settings })}
          onFinish={() => void finishing.finish()}
          onGoToMissing={fold.goToMissing}
          finishRef={finishRef}
          sending={finishing.sending}
          waiting={queue.pending || finishing.processing}
          onOrderClosed={() => userId && clearDraft(userId)}
        />
      </aside>
      {/* A veil over the page with the word on a card of its own, never drawn over a label. */}
      {finishing.processing && (
        <div className="checkout__processing">
          <p role="status">Processando...</p>
        </div>
      )}
      {finishing.error && (
        <InfoModal
          title="Finalizar Pedido"
          message={readableMessage(finishing.error)}
          onClose={finishing.dismissError}
        />
      )}
    </FormProvider>
  );
}

/** The contact fields in screen order: the first one with an error gets the focus. */
const CONTACT_FIELDS_IN_ORDER = [
  'name',
  'email',
  'document',
  'corporateDocument',
  'corporateName',
  'tradeName',
  'stateInscription',
] as const satisfies readonly (keyof ContactFormValues)[];

function focusFirstError(form: UseFormReturn<ContactFormValues>) {
  const first = CONTACT_FIELDS_IN_ORDER.find((name) => form.getFieldState(name).error);
  if (first) form.setFocus(first);
}

/**
 * Writes the checkout draft a moment after each change, per user (never the contact data). A change
 * still waiting is written at once when the screen unmounts or the page goes away.
 */
function useDraftAutosave(form: ReturnType<typeof useForm<CheckoutFormValues>>, userId: string) {
  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waiting: CheckoutFormValues | undefined;
    const write = () => {
      clearTimeout(timer);
      if (waiting) saveDraft(userId, draftOf(waiting));
      waiting = undefined;
    };
    const subscription = form.watch((values) => {
      waiting = values as CheckoutFormValues;
      clearTimeout(timer);
      timer = setTimeout(write, DRAFT_SAVE_DELAY_MS);
    });
    window.addEventListener('pagehide', write);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', write);
      write();
    };
  }, [form, userId]);
}

/** The route's screen (app/router.tsx loads it lazily): the tab's title and the page. */
export default function CheckoutRoute() {
  return (
    <>
      <PageTitle>Finalizar pedido</PageTitle>
      <CheckoutPage />
    </>
  );
}
