// The lines of 'Meu carrinho' (spec sections 2 and 4): each item with its picture (the chosen
// variant's), name, chosen options (named as the product names them), a subscription's frequency,
// prices and an editable quantity. The screen shows the new quantity at once; the quantity queue
// sends it after the spec's 1-second pause, and the money always comes from the server's answer.
import { Link } from 'react-router-dom';
import type { Order, OrderItem } from '@/contract/order.ts';
import { formatBRL } from '@/lib/format.ts';
import { GiftItemBadge } from '../gift-panel/gift-item-badge.tsx';
import { linePicture, optionLabels } from '../line-details.ts';
import { QuantityPicker } from '../quantity/quantity-picker.tsx';
import type { NoteStatus, UseQuantityQueue } from '../quantity/use-quantity-queue.ts';
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

/** The server's limit for an item's preferences (contract: freeText). */
const MAX_PREFERENCES = 2000;

export function CartLines({ order, queue }: Props) {
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
    <ul className="cart-lines" aria-label="Itens do pedido">
      {items.map((item) => (
        <CartLine
          key={`${item.index}-${item.providerId}`}
          item={item}
          quantity={queue.quantityOf(item)}
          enablePreferences={order.enablePreferences === true}
          setQuantity={queue.setQuantity}
          setNote={queue.setNote}
          noteStatus={queue.noteStatus(item)}
        />
      ))}
    </ul>
  );
}

type LineProps = Pick<Props['queue'], 'setQuantity' | 'setNote'> & {
  item: OrderItem;
  /** The quantity on screen (the queue's, ahead of the server's). */
  quantity: number;
  enablePreferences: boolean;
  noteStatus: NoteStatus | undefined;
};

/** What the line says of its note, quietly, under the field. */
const NOTE_STATUS_TEXT: Record<NoteStatus, string> = {
  saving: 'Salvando observação...',
  saved: 'Observação salva',
  failed: 'Observação não salva',
};

/** One line; a line with chosen options looks up its product for their names and its picture. */
function CartLine({ item, quantity, enablePreferences, setQuantity, setNote, noteStatus }: LineProps) {
  const nameId = `item-${item.index}`;
  const { product, pending } = useLineProduct(item);
  const picture = pending ? undefined : linePicture(item, product);
  const options = optionLabels(item, product);
  const unit =
    item.promotionalPrice && item.promotionalPrice < (item.unitPrice ?? 0)
      ? item.promotionalPrice
      : item.unitPrice;
  return (
    <li className="cart-lines__item" aria-labelledby={nameId}>
      {picture ? (
        <img
          className="cart-lines__image"
          src={picture}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="cart-lines__image" aria-hidden="true" />
      )}
      <div className="cart-lines__body">
        <p id={nameId} className="cart-lines__name">
          {item.name}
        </p>
        {options.length > 0 && (
          // While the names load, the line keeps their place (nothing moves when they come).
          <p className="cart-lines__options">{pending ? '\u00a0' : options.join(' · ')}</p>
        )}
        {item.subscription && (
          <p className="cart-lines__subscription">{subscriptionWording(item.subscription)}</p>
        )}
        {item.isGift ? (
          <GiftItemBadge />
        ) : (
          <>
            <p className="cart-lines__price">
              {item.promotionalPrice && item.promotionalPrice < (item.unitPrice ?? 0) && (
                <s className="cart-lines__list-price">{formatBRL(item.unitPrice ?? 0)}</s>
              )}{' '}
              {formatBRL(unit ?? 0)} <span className="cart-lines__unit">cada</span>
            </p>
            <fieldset className="cart-lines__controls" aria-labelledby={nameId}>
              <QuantityPicker value={Math.max(quantity, 1)} onChange={(q) => setQuantity(item, q)} />
              <button type="button" className="cart-lines__remove" onClick={() => setQuantity(item, 0)}>
                Remover <span className="visually-hidden">{item.name}</span>
              </button>
            </fieldset>
            {enablePreferences && (
              <div className="cart-lines__preferences">
                <label>
                  <span>Observações</span>
                  {/* The shopper's own text stays in the field (uncontrolled): an answer never rewrites it mid-typing. */}
                  <textarea
                    defaultValue={item.preferences ?? ''}
                    maxLength={MAX_PREFERENCES}
                    rows={2}
                    placeholder="Ex.: bananas mais verdes"
                    aria-describedby={`${nameId} ${nameId}-note`}
                    onChange={(event) => setNote(item, event.currentTarget.value.trim())}
                  />
                </label>
                <p id={`${nameId}-note`} className="cart-lines__note-status" aria-live="polite">
                  {noteStatus ? NOTE_STATUS_TEXT[noteStatus] : ''}
                </p>
              </div>
            )}
          </>
        )}
      </div>
      <p className="cart-lines__total">{item.isGift ? '' : formatBRL(item.totalAmout ?? 0)}</p>
    </li>
  );
}
