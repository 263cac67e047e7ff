// The catalogue's footer bar (shopper spec, section 2 "Footer bar"): the order's problems under
// 'Problemas:', the shopper's confirm button, and (operator-sends.tsx, its own chunk) the operator's
// sends of the catalogue and of the order summary to the chat contact.
import { type MutationFilters, useIsMutating, useQuery } from '@tanstack/react-query';
import {
  lazy,
  type RefObject,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { OrderState } from '@/contract/enums.ts';
import { type Order, totalItemQuantity } from '@/contract/order.ts';
import { formatBRL, formatCount } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { whenPageSettles } from '@/lib/when-page-settles.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import { CONFIRM_ORDER_MUTATION_KEY, useConfirmOrder } from '../api/confirm-order.ts';
import { currentOrderQuery } from '../api/get-current-order.ts';
import { orderProblems } from '../order-problems.ts';
import type { FooterBarView } from './catalog-send.ts';
import { planConfirmation } from './confirm-plan.ts';
import { leaveForChat } from './leave-for-chat.ts';
import './footer-bar.css';
import { retryingImport } from '@/lib/retrying-import.ts';

/** Operators only: shoppers never download the sends (see operator-sends.tsx). */
const OperatorSends = lazy(retryingImport(() => import('./operator-sends.tsx')));
/** 'Faltam R$ … para o pedido mínimo / ganhar o brinde' and the lost gift: once the cart holds something. */
const FooterProgress = lazy(retryingImport(() => import('./footer-progress.tsx')));

export type { FooterBarView } from './catalog-send.ts';

export const CONFIRM_LABEL = 'Confirmar pedido';
export const UPDATING_LABEL = 'Atualizando...';
export const REDIRECTING_LABEL = 'Redirecionando...';

/** The footer's 'Faltam …' lines load at the shopper's first act, or after this long. */
const PROGRESS_AFTER_MS = 1500;

/** After leaving for the chat app, the button comes back if the shopper returns to this page. */
const CHAT_RETURN_RESET_MS = 5000;

/**
 * A mutation that changes the order: any mutation whose key starts with 'order' (the product card's
 * add and the cart's item and gift updates use ['order', 'update'] and ['order', 'gift']), except the
 * confirmation itself, which has its own label.
 */
const isOrderUpdate: NonNullable<MutationFilters['predicate']> = (mutation) => {
  const key = mutation.options.mutationKey;
  return key?.[0] === 'order' && key[1] !== CONFIRM_ORDER_MUTATION_KEY[1];
};

const hasItems = (order: Order | undefined) => (order ? totalItemQuantity(order) > 0 : false);

/**
 * 'Confirmar pedido · 3 itens · R$ 65,70' (issue 38): what is being confirmed, from the server's
 * order (gifts not counted, as the badge does); the bare label while the cart is empty.
 */
export function confirmLabel(order: Order | undefined): string {
  const count = order ? totalItemQuantity(order) : 0;
  if (!order || count === 0) return CONFIRM_LABEL;
  return `${CONFIRM_LABEL} · ${formatCount(count, 'item', 'itens')} · ${formatBRL(order.totalAmout ?? 0)}`;
}

/** A received, finalized, canceled or failed order cannot be confirmed again. */
const isOpen = (order: Order) =>
  order.status === undefined || order.status === null || order.status === OrderState.Creating;

/**
 * The CSS variable holding the footer bar's current height (px), set on the root element while the
 * bar is shown. The page reserves that room below its content: `padding-bottom: var(--footer-bar-height)`.
 */
export const FOOTER_BAR_HEIGHT_VAR = '--footer-bar-height';

/** Publishes the bar's height before the first paint and whenever it changes (problems come and go). */
function usePublishedHeight(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(FOOTER_BAR_HEIGHT_VAR, `${element.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(FOOTER_BAR_HEIGHT_VAR);
    };
  }, [ref]);
}

/**
 * Fixed at the bottom of the viewport (above the safe-area inset), over the page's content. The page
 * leaves room for it with `var(--footer-bar-height)` (see FOOTER_BAR_HEIGHT_VAR).
 */
export function FooterBar({
  view,
  beforeConfirm,
  pendingChanges = false,
}: {
  view: FooterBarView;
  /**
   * Runs before confirming (and before an operator sends the order summary), e.g. the page sending
   * the quantities still waiting for their pause.
   */
  beforeConfirm?: () => Promise<void>;
  /** Changes the page is still sending that react-query does not see (the cart's quantity queue). */
  pendingChanges?: boolean;
}) {
  const { isPlatformUser } = useLoadedSession();
  const { data: order } = useQuery(currentOrderQuery);
  const problems = useMemo(() => orderProblems(order), [order]);
  const problemsId = useId();
  const bar = useRef<HTMLElement>(null);
  usePublishedHeight(bar);
  // The money-to-come lines wait for the page to settle: their chunk stays out of the first paint's
  // downloads (the cart's LCP is its first line).
  const [settled, setSettled] = useState(false);
  useEffect(() => whenPageSettles(() => setSettled(true), PROGRESS_AFTER_MS), []);

  return (
    <section ref={bar} className="footer-bar" aria-label="Ações do pedido">
      <div className="footer-bar__inner">
        {/* Always present, so a problem that appears after an update is announced. */}
        <div className="footer-bar__problems" aria-live="polite">
          {settled && order && hasItems(order) && (
            <Suspense fallback={null}>
              <FooterProgress order={order} />
            </Suspense>
          )}
          {problems.length > 0 && (
            <>
              <p id={`${problemsId}-title`} className="footer-bar__problems-title">
                Problemas:
              </p>
              <ul id={problemsId} aria-labelledby={`${problemsId}-title`}>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="footer-bar__actions">
          {isPlatformUser ? (
            <Suspense fallback={null}>
              <OperatorSends view={view} order={order} beforeSend={beforeConfirm} />
            </Suspense>
          ) : (
            <ConfirmButton
              order={order}
              beforeConfirm={beforeConfirm}
              pendingChanges={pendingChanges}
              blocked={problems.length > 0}
              describedBy={problems.length > 0 ? problemsId : undefined}
            />
          )}
        </div>
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Shopper: confirm

function ConfirmButton({
  order,
  beforeConfirm,
  pendingChanges,
  blocked,
  describedBy,
}: {
  order: Order | undefined;
  beforeConfirm: (() => Promise<void>) | undefined;
  pendingChanges: boolean;
  blocked: boolean;
  describedBy: string | undefined;
}) {
  const { session, settings } = useLoadedSession();
  const navigate = useNavigate();
  const confirm = useConfirmOrder();
  const updating = useIsMutating({ predicate: isOrderUpdate }) > 0 || pendingChanges;
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!leaving) return;
    const reset = () => setLeaving(false);
    const timer = window.setTimeout(reset, CHAT_RETURN_RESET_MS);
    window.addEventListener('pageshow', reset);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pageshow', reset);
    };
  }, [leaving]);

  const redirecting = confirm.isPending || leaving;
  const label = redirecting ? REDIRECTING_LABEL : updating ? UPDATING_LABEL : confirmLabel(order);
  const disabled = !order || !hasItems(order) || !isOpen(order) || blocked || updating || redirecting;

  async function onConfirm() {
    if (!order || disabled) return;
    // The total shown as the tap lands is the one confirmed, or the confirm is refused (issue 34).
    const shown = order.totalAmout ?? undefined;
    if (beforeConfirm) {
      setLeaving(true);
      try {
        await beforeConfirm();
      } finally {
        setLeaving(false);
      }
    }
    const plan = planConfirmation(session, settings, order);
    if (plan.kind === 'chat-link') {
      setLeaving(true);
      leaveForChat(plan.url);
      return;
    }
    confirm.mutate(shown, {
      onSuccess: () => {
        if (plan.kind === 'confirm-then-chat') {
          setLeaving(true);
          leaveForChat(plan.url);
        } else {
          navigate(plan.path);
        }
      },
      onError: (error) => {
        toast.error(error.message);
      },
    });
  }

  return (
    <button
      type="button"
      className="button footer-bar__confirm"
      disabled={disabled}
      aria-busy={redirecting || updating}
      aria-describedby={describedBy}
      onClick={() => void onConfirm()}
    >
      {label}
    </button>
  );
}
