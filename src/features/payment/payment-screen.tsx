import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import {
  type CardPaymentPayload,
  type MercadoPagoPayment,
  TOTAL_CHANGED_ERROR_TYPE,
  TOTAL_CHANGED_MESSAGE,
} from '@/contract/checkout.ts';
import { Channel, FailureType, PaymentStatus } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { backToChatLink, chatName, whatsAppLink } from '@/lib/chat-links.ts';
import { formatBRL } from '@/lib/format.ts';
import { type LeavePage, leavePage } from '@/lib/leave-page.ts';
import { toast } from '@/lib/toast.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { clearDraft, loadDraft } from '@/order/checkout-draft.ts';
import { useOrderStaysFresh } from '@/order/use-order-stays-fresh.ts';
import type { LoadedSession } from '@/session/start-session.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import { type CardPaymentOutcome, payWithCard } from './api/pay-with-card.ts';
import { payWithMercadoPago } from './api/pay-with-mercado-pago.ts';
import { useSetInstallments } from './api/set-installments.ts';
import { CaptchaModal, type CaptchaWidgetProps } from './components/captcha-modal.tsx';
import { focusCardNumber } from './components/card-form/card-form.tsx';
import { CardView } from './components/card-view.tsx';
import { FailureModal } from './components/failure-modal.tsx';
import { MercadoPagoBrick, type MercadoPagoBrickProps } from './components/mercado-pago-brick.tsx';
import { MercadoPagoView } from './components/mercado-pago-view.tsx';
import { MethodProblem } from './components/method-problem.tsx';
import { PaymentExpired } from './components/payment-expired.tsx';
import { failureTitle, PAYMENT_MESSAGES, type PaymentView, paymentView } from './components/payment-view.ts';
import { useChooseAnotherMethod } from './components/use-choose-another-method.ts';
import './payment-screen.css';
import { PageTitle } from '@/components/ui/page-title.tsx';

type CardPayload = Omit<CardPaymentPayload, 'recaptchaKey' | 'recaptchaToken'>;

type Props = {
  /** Leaves for another page (payment link, WhatsApp); tests observe it. */
  leave?: LeavePage;
  /** The Mercado Pago brick; tests replace it (the SDK needs the network). */
  Brick?: ComponentType<MercadoPagoBrickProps>;
  /** The captcha widget; tests replace Google's. */
  Captcha?: ComponentType<CaptchaWidgetProps>;
};

/**
 * The card payment page (spec "Card payment page"): the order's branch (paid → /finish, no method,
 * not a card, a provider's payment link, the Mercado Pago brick, or the shop's own card form), the
 * payment, the captcha retry and the failure modal.
 */
export function PaymentPage({ leave = leavePage, Brick = MercadoPagoBrick, Captcha }: Props) {
  const loaded = useLoadedSession();
  const { data: order, isPending, isError } = useQuery(currentOrderQuery);
  // Read again on focus and when another tab changed the order: the total shown is the one charged.
  useOrderStaysFresh();
  return (
    <section className="payment-page" aria-labelledby="payment-title">
      <h1 id="payment-title">Pagamento</h1>
      {isPending && <PageSpinner label="Carregando o seu pedido..." />}
      {isError && !order && <p role="alert">Não foi possível carregar o seu pedido. Tente novamente.</p>}
      {order && <PaymentBody order={order} loaded={loaded} leave={leave} Brick={Brick} Captcha={Captcha} />}
    </section>
  );
}

type BodyProps = {
  order: Order;
  loaded: LoadedSession;
  leave: LeavePage;
  Brick: ComponentType<MercadoPagoBrickProps>;
  Captcha: ComponentType<CaptchaWidgetProps> | undefined;
};

function PaymentBody({ order, loaded, leave, Brick, Captcha }: BodyProps) {
  const queryClient = useQueryClient();
  const settings = loaded.settings ?? {};
  const channel = loaded.session.channelType;
  const userId = loaded.session.userShop?.id ?? '';
  // Read once: the draft only says which method was chosen at checkout while the order has none.
  const [draftMethod] = useState(() => (userId ? loadDraft(userId)?.paymentMethod : undefined));
  // A payment call answered Expired: final at once, while the order is read again to agree.
  const [expiredHere, setExpiredHere] = useState(false);
  // Paid when the page opened: /finish at once. Paid meanwhile (another tab): said, then as a success.
  const [paidAtFirst] = useState(order.payment?.status === PaymentStatus.Paid);
  const finish = useFinishPaid(loaded, leave);
  const fromOrder = paymentView(order, settings, draftMethod);
  const view: PaymentView = expiredHere && fromOrder.kind !== 'finished' ? { kind: 'expired' } : fromOrder;
  const chat = backToChatLink(channel, { whatsApp: settings.whatsApp });

  const onExpired = useCallback(() => {
    setExpiredHere(true);
    void queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey });
  }, [queryClient]);

  switch (view.kind) {
    case 'finished':
      return paidAtFirst || order.payment?.status !== PaymentStatus.Paid ? (
        <Navigate to="/finish" replace />
      ) : (
        <PaidElsewhere finish={finish} />
      );
    case 'expired':
      return <PaymentExpired />;
    case 'no-method':
      return (
        <MethodProblem
          title={PAYMENT_MESSAGES.methodNotFound}
          text={`Volte para ${chatName(channel)} para escolher a forma de pagamento.`}
          chat={chat}
        />
      );
    case 'not-card':
      return (
        <MethodProblem
          title={PAYMENT_MESSAGES.notCreditCard}
          text="O pagamento via Pix é feito com o código copia e cola enviado no chat."
          chat={chat}
        />
      );
    case 'link':
      return <PaymentLink url={view.url} leave={leave} />;
    default:
      return (
        <PaymentForms
          view={view}
          order={order}
          loaded={loaded}
          leave={leave}
          Brick={Brick}
          Captcha={Captcha}
          onExpired={onExpired}
          finish={finish}
        />
      );
  }
}

/**
 * A payment's success, or an order found paid elsewhere (`alreadyPaid`: said first): /finish, or
 * back to the chat on the WhatsApp channel (spec "Card payment page").
 */
function useFinishPaid({ session, settings }: LoadedSession, leave: LeavePage) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (alreadyPaid: boolean) => {
    if (alreadyPaid) toast(PAYMENT_MESSAGES.alreadyPaid, { id: 'payment-already-paid' });
    const userId = session.userShop?.id;
    if (userId) clearDraft(userId);
    void queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey, refetchType: 'none' });
    const chat = session.channelType === Channel.WhatsApp ? whatsAppLink(settings?.whatsApp) : undefined;
    if (chat) leave(chat);
    else navigate('/finish', { replace: true });
  };
}

function PaidElsewhere({ finish }: { finish(alreadyPaid: boolean): void }) {
  const done = useRef(false);
  useEffect(() => {
    // Once (StrictMode runs effects twice).
    if (done.current) return;
    done.current = true;
    finish(true);
  }, [finish]);
  // The toast announces it (role status); said twice, a screen reader would read it twice.
  return <p className="message-page">{PAYMENT_MESSAGES.alreadyPaid}</p>;
}

function PaymentLink({ url, leave }: { url: string; leave: LeavePage }) {
  const left = useRef(false);
  useEffect(() => {
    // Once (StrictMode runs effects twice).
    if (left.current) return;
    left.current = true;
    leave(url);
  }, [url, leave]);
  return (
    <div className="message-page">
      <p role="status">Redirecionando para o pagamento...</p>
      <a href={url} rel="noreferrer">
        Ir para a página de pagamento
      </a>
    </div>
  );
}

type Modal =
  | { kind: 'failure'; title: string; totalChanged?: boolean }
  | { kind: 'captcha'; siteKey: string };

function PaymentForms({
  view,
  order,
  loaded,
  Brick,
  Captcha,
  onExpired,
  finish,
}: BodyProps & {
  view: Extract<PaymentView, { kind: 'card' | 'mercado-pago' }>;
  /** A payment call found the payment's window closed. */
  onExpired(): void;
  finish(alreadyPaid: boolean): void;
}) {
  const queryClient = useQueryClient();
  const settings = loaded.settings ?? {};
  const formRef = useRef<HTMLDivElement>(null);
  const [modal, setModal] = useState<Modal | null>(null);
  // The payload waiting for a solved captcha: kept only until the retry or the modal closes.
  const pendingPayload = useRef<CardPayload | null>(null);
  const { chooseAnotherMethod, changing } = useChooseAnotherMethod();
  const setInstallments = useSetInstallments();
  const pay = useMutation({ mutationKey: ['order', 'pay-card'], mutationFn: payWithCard });

  const paid = (alreadyPaid = false) => {
    pendingPayload.current = null;
    finish(alreadyPaid);
  };

  const refused = (outcome: Extract<CardPaymentOutcome, { success: false }>, captchaRetry: boolean) => {
    const { result } = outcome;
    // Paid meanwhile (another tab): nothing to fix here.
    if (outcome.message === PAYMENT_MESSAGES.alreadyPaid) return paid(true);
    if (outcome.type === TOTAL_CHANGED_ERROR_TYPE) {
      // Nothing was charged: the new total and its plans are read, then shown, and the shopper pays again.
      pendingPayload.current = null;
      void queryClient
        .refetchQueries({ queryKey: currentOrderQuery.queryKey })
        .then(() => setModal({ kind: 'failure', title: TOTAL_CHANGED_MESSAGE, totalChanged: true }));
      return;
    }
    if (result.status === PaymentStatus.Expired) {
      pendingPayload.current = null;
      setModal(null);
      onExpired();
      return;
    }
    const siteKey = result.recaptchaKey ?? order.recaptchaKey;
    if (result.failureType === FailureType.ReCAPTCHA && !captchaRetry && siteKey && pendingPayload.current) {
      setModal({ kind: 'captcha', siteKey });
      return;
    }
    pendingPayload.current = null;
    setModal({ kind: 'failure', title: failureTitle(outcome, { captchaRetry }) });
  };

  async function submitCard(payload: CardPayload) {
    if (pay.isPending) return;
    pendingPayload.current = payload;
    const outcome = await pay.mutateAsync(payload);
    if (outcome.success) paid();
    else refused(outcome, false);
  }

  async function retryWithCaptcha(siteKey: string, token: string): Promise<boolean> {
    const payload = pendingPayload.current;
    if (!payload || pay.isPending) return false;
    const outcome = await pay.mutateAsync({ ...payload, recaptchaKey: siteKey, recaptchaToken: token });
    if (outcome.success) {
      paid();
      return true;
    }
    refused(outcome, true);
    return false;
  }

  // The total shown (the brick's amount), sent with the payment.
  const total = order.totalAmout ?? undefined;
  // Stable for the brick (it is rebuilt when a function prop changes identity).
  const latest = useRef({ paid, refused, total });
  latest.current = { paid, refused, total };
  const submitMercadoPago = useCallback(async (form: MercadoPagoPayment) => {
    const outcome = await payWithMercadoPago({ ...form, expectedTotal: latest.current.total });
    if (outcome.success) {
      latest.current.paid();
      return;
    }
    latest.current.refused(outcome, false);
    // The brick shows its own error state on a rejection.
    throw new Error(outcome.message);
  }, []);

  function onEditData() {
    setModal(null);
    // After the modal gives the focus back (it restores the previous focus when it unmounts).
    setTimeout(() => focusCardNumber(formRef.current ?? document), 0);
  }

  function closeCaptcha() {
    pendingPayload.current = null;
    setModal(null);
  }

  return (
    <div ref={formRef}>
      {view.kind === 'mercado-pago' ? (
        <MercadoPagoView
          order={order}
          publicKey={settings.payment?.publicKey}
          Brick={Brick}
          onSubmit={submitMercadoPago}
          onChangeMethod={chooseAnotherMethod}
          changingMethod={changing}
        />
      ) : (
        <CardView
          order={order}
          enableCnpj={settings.enableCnpj === true}
          busy={pay.isPending}
          onSubmit={(payload) => void submitCard(payload)}
          onInstallmentsChange={(choice) =>
            setInstallments.mutate(choice, {
              onError: (error) => {
                toast.error(error.message, { id: 'payment-installments-failed' });
                // The screen shows what the server holds: an expired payment ends the form.
                void queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey });
              },
            })
          }
        />
      )}
      {modal?.kind === 'failure' && (
        <FailureModal
          title={modal.title}
          text={modal.totalChanged ? `Novo total: ${formatBRL(total ?? 0)}` : undefined}
          changing={changing}
          onChangeMethod={chooseAnotherMethod}
          onEditData={onEditData}
        />
      )}
      {modal?.kind === 'captcha' && (
        <CaptchaModal
          siteKey={modal.siteKey}
          busy={pay.isPending}
          onToken={(token) => retryWithCaptcha(modal.siteKey, token)}
          onClose={closeCaptcha}
          onChangeMethod={chooseAnotherMethod}
          changingMethod={changing}
          Captcha={Captcha}
        />
      )}
    </div>
  );
}

/** The route's screen (app/router.tsx loads it lazily): the tab's title and the page. */
export default function PaymentRoute() {
  return (
    <>
      <PageTitle>Pagamento</PageTitle>
      <PaymentPage />
    </>
  );
}
