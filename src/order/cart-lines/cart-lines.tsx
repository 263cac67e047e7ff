// The lines of 'Meu carrinho' (spec sections 2 and 4): each item with its picture (the chosen
// variant's), name, chosen options (named as the product names them), a subscription's frequency,
// prices and an editable quantity. The screen shows the new quantity at once; the quantity queue
// sends it after the spec's 1-second pause, and the money always comes from the server's answer.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ProductPrice } from '@/components/product-price.tsx';
import type { Order, OrderItem } from '@/contract/order.ts';
import { formatBRL, type PriceFields } from '@/lib/format.ts';
import { GiftItemBadge } from '../gift-panel/gift-item-badge.tsx';
import { linePicture, optionLabels } from '../line-details.ts';
import { QuantityPicker } from '../quantity/quantity-picker.tsx';
import type { NoteStatus, UseQuantityQueue } from '../quantity/use-quantity-queue.ts';
import { CHOOSE_STORE_FIRST, canChangeQuantity, useStoreNotChosen } from '../seller-step.ts';
import { subscriptionWording } from '../subscription/subscription-wording.ts';
import { useLineProduct } from './use-line-product.ts';
import './cart-lines.css';

type Props = {
  order: Order;
  /**
   * The screen's line queue: quantities, and the items' notes ('Observações', offered when the order
   * enables preferences), saved as typed.
   */
  queue: Pick<UseQuantityQueue, 'quantityOf' | 'setQuantity' | 'setNote' | 'noteStatus'>;
};

/**
 * A line's prices as its product's, for the one way prices show (components/product-price.tsx): the
 * item's unitPrice is the product's price, its promotionalPrice and listPrice the product's own.
 */
const linePrices = (item: OrderItem): PriceFields => ({
  price: item.unitPrice,
  listPrice: item.listPrice,
  promotionalPrice: item.promotionalPrice,
});

/** The server's limit for an item's preferences (contract: freeText). */
const MAX_PREFERENCES = 2000;
/** A note over the contract's bound ('preferences', free text): said under it, not sent. */
export const NOTE_TOO_LONG = `Use no máximo ${MAX_PREFERENCES} caracteres. A observação não foi salva.`;

/** The seller step's note: the lines' '+' waits for the store (order/seller-step.ts). */
const STORE_NOTE_ID = 'cart-lines-store-note';

export function CartLines({ order, queue }: Props) {
  const storeLocked = useStoreNotChosen();
  // A line whose quantity was set to 0 disappears at once, before the server answers.
  const items = (order.items ?? []).filter((item) => item.isGift || queue.quantityOf(item) > 0);
  if (items.length === 0) {
    return (
      <div className="cart-lines__empty">
        <p>Seu carrinho está vazio.</p>
        <Link to="/catalog" className="button">
          Ver produtos
        </Link>
      </div>
    );
  }
  return (
    <>
      {storeLocked && (
        <p id={STORE_NOTE_ID} className="cart-lines__note">
          {CHOOSE_STORE_FIRST}
        </p>
      )}
      <ul className="cart-lines" aria-label="Itens do pedido">
        {items.map((item) => (
          <CartLine
            key={`${item.index}-${item.providerId}`}
            item={item}
            quantity={queue.quantityOf(item)}
            storeLocked={storeLocked}
            enablePreferences={order.enablePreferences === true}
            setQuantity={queue.setQuantity}
            setNote={queue.setNote}
            noteStatus={queue.noteStatus(item)}
          />
        ))}
      </ul>
    </>
  );
}

type LineProps = Pick<Props['queue'], 'setQuantity' | 'setNote'> & {
  item: OrderItem;
  /** The quantity on screen (the queue's, ahead of the server's). */
  quantity: number;
  /** The seller step's lock: units may be taken out, not added (canChangeQuantity). */
  storeLocked: boolean;
  enablePreferences: boolean;
  noteStatus: NoteStatus | undefined;
};

/** What the line says of its note, quietly, under the field. */
const NOTE_STATUS_TEXT: Record<NoteStatus, string> = {
  saving: 'Salvando observação...',
  saved: 'Observação salva',
  failed: 'Observação não salva',
};

/**
 * One line, compact (issue 38: five or more fit a phone's first screen): the picture; the name, the
 * options and a subscription's frequency, with the line's total beside them; the unit price and the
 * quantity (whose '−' is a bin at 1, as on the catalogue's cards); the note behind a small link. A
 * line with chosen options looks up its product for their names and its picture.
 */
function CartLine({
  item,
  quantity,
  storeLocked,
  enablePreferences,
  setQuantity,
  setNote,
  noteStatus,
}: LineProps) {
  const nameId = `item-${item.index}`;
  const { product, pending } = useLineProduct(item);
  const picture = pending ? undefined : linePicture(item, product);
  const options = optionLabels(item, product);
  return (
    <li className="cart-lines__item" aria-labelledby={nameId}>
      {picture ? (
        <img
          className="cart-lines__image"
          src={picture}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="cart-lines__image" aria-hidden="true" />
      )}
      <div className="cart-lines__head">
        <div className="cart-lines__title">
          <p id={nameId} className="cart-lines__name">
            {item.name}
          </p>
          {!item.isGift && <p className="cart-lines__total">{formatBRL(item.totalAmout ?? 0)}</p>}
        </div>
        {options.length > 0 && (
          // While the names load, the line keeps their place (nothing moves when they come).
          <p className="cart-lines__options">{pending ? '\u00a0' : options.join(' · ')}</p>
        )}
        {item.subscription && (
          <p className="cart-lines__subscription">{subscriptionWording(item.subscription)}</p>
        )}
      </div>
      {item.isGift ? (
        <div className="cart-lines__price">
          <GiftItemBadge />
        </div>
      ) : (
        <>
          <div className="cart-lines__price">
            <ProductPrice prices={linePrices(item)} />
            <span className="cart-lines__unit">cada</span>
          </div>
          <fieldset className="cart-lines__controls" aria-labelledby={nameId}>
            <QuantityPicker
              value={Math.max(quantity, 1)}
              max={canChangeQuantity(storeLocked, quantity, quantity + 1) ? undefined : quantity}
              describedBy={storeLocked ? STORE_NOTE_ID : undefined}
              removable={{ name: item.name ?? '' }}
              onChange={(q) => {
                if (canChangeQuantity(storeLocked, quantity, q)) setQuantity(item, q);
              }}
            />
          </fieldset>
          {enablePreferences && (
            <LineNote item={item} nameId={nameId} setNote={setNote} noteStatus={noteStatus} />
          )}
        </>
      )}
    </li>
  );
}

/**
 * An item's note ('Observações', when the order enables preferences): a small 'Adicionar observação'
 * opens the field; a saved note shows its text, and 'Editar observação' opens it again. The field
 * stays open while it has the focus; what is typed is saved as typed (the quantity queue's pause).
 */
function LineNote({
  item,
  nameId,
  setNote,
  noteStatus,
}: Pick<LineProps, 'item' | 'setNote' | 'noteStatus'> & { nameId: string }) {
  const [text, setText] = useState(item.preferences ?? '');
  const [open, setOpen] = useState(false);
  const [noteTooLong, setNoteTooLong] = useState(false);
  const fieldId = `${nameId}-preferences`;
  const statusId = `${nameId}-note`;
  return (
    <div className="cart-lines__preferences">
      {open || noteTooLong ? (
        <label htmlFor={fieldId}>
          <span>Observações</span>
        </label>
      ) : text ? (
        <p className="cart-lines__note-text">
          <span className="cart-lines__note-label">Observação:</span> {text}{' '}
          <button type="button" className="cart-lines__link" onClick={() => setOpen(true)}>
            Editar observação <span className="visually-hidden">de {item.name}</span>
          </button>
        </p>
      ) : (
        <button type="button" className="cart-lines__link" onClick={() => setOpen(true)}>
          Adicionar observação <span className="visually-hidden">para {item.name}</span>
        </button>
      )}
      {(open || noteTooLong) && (
        // The shopper's own text stays in the field (uncontrolled): an answer never rewrites it
        // mid-typing. No maxLength: a long paste cut silently would lose the shopper's words; it is
        // said under the field and not sent until it fits.
        <textarea
          id={fieldId}
          defaultValue={text}
          rows={2}
          // biome-ignore lint/a11y/noAutofocus: the shopper just asked for this field.
          autoFocus
          placeholder="Ex.: bananas mais verdes"
          aria-invalid={noteTooLong || undefined}
          aria-describedby={`${nameId} ${statusId}`}
          onChange={(event) => {
            const note = event.currentTarget.value.trim();
            setText(note);
            setNoteTooLong(note.length > MAX_PREFERENCES);
            if (note.length <= MAX_PREFERENCES) setNote(item, note);
          }}
          onBlur={() => setOpen(false)}
        />
      )}
      <p id={statusId} className="cart-lines__note-status" aria-live="polite">
        {noteTooLong ? NOTE_TOO_LONG : noteStatus ? NOTE_STATUS_TEXT[noteStatus] : ''}
      </p>
    </div>
  );
}
