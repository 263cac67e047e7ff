// The catalogue's footer bar (shopper spec, section 2 "Footer bar"): the order's problems under
// 'Problemas:', the shopper's confirm button, and the operator's sends of the catalogue and of the
// order summary to the chat contact.
import { type MutationFilters, useIsMutating, useQuery } from '@tanstack/react-query';
import {
  type FormEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { OrderState } from '../../../../contract/enums.ts';
import { type Order, totalItemQuantity } from '../../../../contract/order.ts';
import { toast } from '../../../../lib/toast.ts';
import { useLoadedSession } from '../../../../session/use-session.ts';
import { CONFIRM_ORDER_MUTATION_KEY, useConfirmOrder } from '../../../cart/api/confirm-order.ts';
import { currentOrderQuery } from '../../../cart/api/get-current-order.ts';
import { orderProblems } from '../../../cart/order-problems.ts';
import { useSendCatalog } from '../../../operator/api/send-catalog.ts';
import { useSendOrderSummary } from '../../../operator/api/send-summary.ts';
import { categoriesQuery } from '../../api/get-categories.ts';
import {
  categoryOptions,
  collectionOptions,
  defaultChoice,
  type FooterBarView,
  SEND_TYPE_LABELS,
  type SendChoice,
  SendType,
  sendOptions,
  sendTypes,
} from './catalog-send.ts';
import { planConfirmation } from './confirm-plan.ts';
import { leaveForChat } from './leave-for-chat.ts';
import './footer-bar.css';

export type { FooterBarView } from './catalog-send.ts';

export const CONFIRM_LABEL = 'Confirmar pedido';
export const UPDATING_LABEL = 'Atualizando...';
export const REDIRECTING_LABEL = 'Redirecionando...';

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

  return (
    <section ref={bar} className="footer-bar" aria-label="Ações do pedido">
      <div className="footer-bar__inner">
        {/* Always present, so a problem that appears after an update is announced. */}
        <div className="footer-bar__problems" aria-live="polite">
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
            <OperatorSends view={view} order={order} beforeSend={beforeConfirm} />
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
  const label = redirecting ? REDIRECTING_LABEL : updating ? UPDATING_LABEL : CONFIRM_LABEL;
  const disabled = !order || !hasItems(order) || !isOpen(order) || blocked || updating || redirecting;

  async function onConfirm() {
    if (!order || disabled) return;
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
    confirm.mutate(undefined, {
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

// ---------------------------------------------------------------------------------------------
// Operator: sends to the chat contact

function OperatorSends({
  view,
  order,
  beforeSend,
}: {
  view: FooterBarView;
  order: Order | undefined;
  beforeSend: (() => Promise<void>) | undefined;
}) {
  return (
    <>
      <SendCatalogForm view={view} />
      {hasItems(order) && <SendSummaryButton beforeSend={beforeSend} />}
    </>
  );
}

/** The view a choice was made for: a new tab or search brings back the default choice. */
const viewKey = (view: FooterBarView) =>
  JSON.stringify([
    view.categoryId ?? '',
    view.subcategoryId ?? '',
    view.searchText ?? '',
    view.hasCollections,
  ]);

function SendCatalogForm({ view }: { view: FooterBarView }) {
  const { settings } = useLoadedSession();
  const { data: categories = [] } = useQuery(categoriesQuery);
  const send = useSendCatalog();
  const id = useId();
  const key = viewKey(view);
  const [edited, setEdited] = useState<{ key: string; choice: SendChoice }>();
  const choice = edited?.key === key ? edited.choice : defaultChoice(view);
  const types = sendTypes(view.hasCollections);
  const type = types.includes(choice.type) ? choice.type : SendType.Standard;
  const options = sendOptions({ ...choice, type });

  const change = (patch: Partial<SendChoice>) => setEdited({ key, choice: { ...choice, ...patch } });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!options || send.isPending) return;
    send.mutate(options, {
      onSuccess: () => {
        toast.success('Catálogo enviado para o contato');
      },
      onError: (error) => {
        toast.error(error.message);
      },
    });
  }

  return (
    <form className="footer-bar__send-catalog" onSubmit={onSubmit} aria-label="Enviar catálogo ao contato">
      <label className="visually-hidden" htmlFor={`${id}-type`}>
        Tipo de catálogo
      </label>
      <select
        id={`${id}-type`}
        className="footer-bar__field"
        value={type}
        onChange={(event) => change({ type: event.target.value as SendType })}
      >
        {types.map((t) => (
          <option key={t} value={t}>
            {SEND_TYPE_LABELS[t]}
          </option>
        ))}
      </select>
      {type === SendType.Category && (
        <>
          <label className="visually-hidden" htmlFor={`${id}-category`}>
            Categoria a enviar
          </label>
          <select
            id={`${id}-category`}
            className="footer-bar__field"
            value={choice.categoryId}
            onChange={(event) => change({ categoryId: event.target.value })}
          >
            <option value="">Escolha a categoria</option>
            {categoryOptions(categories, choice.categoryId).map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </>
      )}
      {type === SendType.Collection && (
        <>
          <label className="visually-hidden" htmlFor={`${id}-collection`}>
            Coleção a enviar
          </label>
          <select
            id={`${id}-collection`}
            className="footer-bar__field"
            value={choice.collectionId}
            onChange={(event) => change({ collectionId: event.target.value })}
          >
            <option value="">Escolha a coleção</option>
            {collectionOptions(categories, settings?.showCollections, choice.collectionId).map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </>
      )}
      {type === SendType.Search && (
        <>
          <label className="visually-hidden" htmlFor={`${id}-search`}>
            Termo de busca
          </label>
          <input
            id={`${id}-search`}
            className="footer-bar__field"
            type="search"
            enterKeyHint="send"
            maxLength={200}
            placeholder="Termo de busca"
            value={choice.searchTerm}
            onChange={(event) => change({ searchTerm: event.target.value })}
          />
        </>
      )}
      <button
        type="submit"
        className="button footer-bar__send"
        disabled={!options || send.isPending}
        aria-busy={send.isPending}
      >
        {send.isPending ? 'Enviando catálogo' : 'Enviar catálogo'}
      </button>
    </form>
  );
}

function SendSummaryButton({ beforeSend }: { beforeSend: (() => Promise<void>) | undefined }) {
  const send = useSendOrderSummary();
  const [saving, setSaving] = useState(false);
  const busy = send.isPending || saving;
  async function onClick() {
    if (busy) return;
    // A quantity changed on a card is sent first: the summary is of the order the operator sees.
    if (beforeSend) {
      setSaving(true);
      try {
        await beforeSend();
      } finally {
        setSaving(false);
      }
    }
    send.mutate(undefined, {
      onSuccess: () => {
        toast.success('Resumo do pedido enviado para o contato');
      },
      onError: (error) => {
        toast.error(error.message);
      },
    });
  }
  return (
    <button
      type="button"
      className="button footer-bar__send footer-bar__send--outline"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void onClick()}
    >
      {busy ? 'Enviando resumo do pedido' : 'Enviar resumo do pedido'}
    </button>
  );
}
