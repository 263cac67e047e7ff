// The operator's sends to the chat contact in the catalogue's footer bar (shopper spec, section 2
// "Footer bar"): the catalogue, by type, and the order summary. Only operators see it, so it is its
// own chunk, loaded by FooterBar when the session is a platform user's: shoppers never download it.
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type Order, totalItemQuantity } from '@/contract/order.ts';
import { toast } from '@/lib/toast.ts';
import { categoriesQuery } from '@/products/get-categories.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import { useSendCatalog } from '../sends/send-catalog.ts';
import { useSendOrderSummary } from '../sends/send-summary.ts';
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

const hasItems = (order: Order | undefined) => (order ? totalItemQuantity(order) > 0 : false);

export default function OperatorSends({
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
