import { useIsMutating } from '@tanstack/react-query';
import { type RefObject, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { WindowBottomBar } from '@/components/ui/window-bottom-bar.tsx';
import type { Order } from '@/contract/order.ts';
import { toast } from '@/lib/toast.ts';
import { orderProblems } from '@/order/order-problems.ts';
import { SEND_SUMMARY_MUTATION_KEY, useSendOrderSummary } from '@/order/sends/send-summary.ts';
import { useCancelOrder } from '../../api/cancel-order.ts';
import { useToggleSemiAutomatic } from '../../api/toggle-semiautomatic.ts';
import type { CheckoutProblem } from '../../lib/checkout-complete.ts';
import type { CheckoutScreen } from '../../lib/checkout-sections.ts';
import { finishGate, finishText } from '../../lib/finish-gate.ts';
import { CancelOrderModal } from './cancel-order-modal.tsx';
import './checkout-footer.css';

type Props = {
  ctx: CheckoutScreen;
  /** What the completeness check still misses; the finish button is shown when there is nothing. */
  problems: readonly CheckoutProblem[];
  /** 'Finalizar e enviar ...' or 'Receber pedido'. */
  finishLabel: string;
  onFinish(): void;
  /** 'Para finalizar, falta: …' leads to the first thing missing (the page opens and focuses it). */
  onGoToMissing?(): void;
  /** The finish button, for the page to focus when the last step is completed. */
  finishRef?: RefObject<HTMLButtonElement | null>;
  /** The confirmation is on its way ('Enviando ...'). */
  sending: boolean;
  /** Quantities wait or are on their way, or the finish saves what waits ('Atualizando pedido'). */
  waiting?: boolean;
  /** Cancelling or confirming succeeded: the draft is no longer needed. */
  onOrderClosed(): void;
};

/** The spec's footer actions. The operator's actions (summary, flow switch) only for platform users. */
export function CheckoutFooter({
  ctx,
  problems,
  finishLabel,
  onFinish,
  onGoToMissing,
  finishRef,
  sending,
  waiting = false,
  onOrderClosed,
}: Props) {
  const complete = problems.length === 0;
  const navigate = useNavigate();
  const updating = useIsMutating({ mutationKey: ['order'] }) > 0;
  const sendingSummary = useIsMutating({ mutationKey: SEND_SUMMARY_MUTATION_KEY }) > 0;
  const summary = useSendOrderSummary();
  const toggle = useToggleSemiAutomatic();
  const cancel = useCancelOrder();
  const [askCancel, setAskCancel] = useState(false);
  // Issue 34: no finish while the order may still change under the total shown (finish-gate.ts).
  const gate = finishGate({ sending, waiting, orderMutating: updating });
  const busy = gate !== 'ready';

  function sendSummary() {
    summary.mutate(undefined, {
      onSuccess: () => toast.success('Resumo do pedido enviado para o contato'),
      onError: (error) => toast.error(error.message),
    });
  }

  // Two taps in the same instant both land before the button re-renders disabled: the ref lets
  // only the first through (a second switch would flip the flow straight back).
  const switching = useRef(false);
  function switchFlow() {
    if (switching.current) return;
    switching.current = true;
    toggle.mutate(undefined, {
      onError: () => toast.error('Erro ao mudar de fluxo'),
      onSettled: () => {
        switching.current = false;
      },
    });
  }

  function cancelOrder() {
    cancel.mutate(undefined, {
      onSuccess: () => {
        onOrderClosed();
        navigate('/finish');
      },
      onError: (error) => {
        setAskCancel(false);
        toast.error(error.message);
      },
    });
  }

  return (
    <div className="checkout-footer">
      {problems.includes('items') && <OrderProblemsList order={ctx.order} />}
      {/* On a phone this bar stays at the bottom of the window (checkout-footer.css): the total and the
          finish, or what is still missing, in view wherever the shopper is in the form. */}
      {/* The summary's own Total; hidden from screen readers, which read it in 'Resumo'. */}
      <WindowBottomBar
        className="checkout-footer__bar"
        total={ctx.order.totalAmout ?? 0}
        totalClassName="checkout-footer__total"
      >
        {!complete && (
          <p className="checkout-footer__missing" aria-live="polite">
            {onGoToMissing ? (
              <button type="button" className="checkout-footer__go" onClick={onGoToMissing}>
                Para finalizar, falta: {missingText(problems)}.
              </button>
            ) : (
              <>Para finalizar, falta: {missingText(problems)}.</>
            )}
          </p>
        )}
        {complete && (
          <button
            ref={finishRef}
            type="button"
            className="button checkout-footer__finish"
            onClick={onFinish}
            disabled={busy}
            aria-busy={busy}
          >
            {finishText(gate, finishLabel)}
          </button>
        )}
      </WindowBottomBar>
      {ctx.isPlatformUser && (
        <>
          <button
            type="button"
            className="button button--outline"
            onClick={sendSummary}
            disabled={sendingSummary}
            aria-busy={sendingSummary}
          >
            {sendingSummary ? 'Enviando ...' : 'Enviar resumo do pedido'}
          </button>
          <button
            type="button"
            className="button button--outline"
            onClick={switchFlow}
            disabled={toggle.isPending}
            aria-busy={toggle.isPending}
          >
            {flowSwitchLabel(toggle.isPending, ctx.order.isInSemiAutomatic === true)}
          </button>
        </>
      )}
      {/* Quiet and apart: cancelling is rare and final, never a neighbour of 'Finalizar'. */}
      <button type="button" className="checkout-footer__cancel" onClick={() => setAskCancel(true)}>
        Cancelar pedido
      </button>
      {askCancel && (
        <CancelOrderModal
          busy={cancel.isPending}
          onConfirm={cancelOrder}
          onClose={() => setAskCancel(false)}
        />
      )}
    </div>
  );
}

/** What each missing piece is called on the screen. */
const MISSING_LABELS: Readonly<Record<CheckoutProblem, string>> = {
  items: 'Itens do pedido',
  seller: 'Loja',
  logistic: 'Forma de entrega',
  schedule: 'Dia e horário da entrega',
  name: 'Nome',
  email: 'E-mail',
  document: 'CPF',
  corporateDocument: 'CNPJ',
  corporateName: 'Razão Social',
  tradeName: 'Nome Fantasia',
  paymentMethod: 'Forma de pagamento',
  paymentOption: 'Tipo de pagamento',
  cashAmount: 'Valor em espécie',
  manualPayment: 'Informações do pagamento',
};

/** The switch names the flow it leads to; while switching it says so (like 'Atualizando pedido'). */
function flowSwitchLabel(switching: boolean, isInSemiAutomatic: boolean): string {
  if (switching) return 'Atualizando fluxo...';
  return isInSemiAutomatic ? 'Voltar para fluxo assistido' : 'Enviar para fluxo semiautomático';
}

export const missingText = (problems: readonly CheckoutProblem[]): string =>
  problems.map((problem) => MISSING_LABELS[problem]).join(', ');

/** What the server refuses in the items ('Problemas:', as in the cart), or that there are none. */
function OrderProblemsList({ order }: { order: Order }) {
  const problems = orderProblems(order);
  if (problems.length === 0) {
    return <p className="checkout-footer__problems">O pedido não tem itens.</p>;
  }
  return (
    <div className="checkout-footer__problems">
      <p>Problemas:</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
