import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import type { SubscriptionOffer } from '../../../../contract/index.ts';
import { formatFrequency } from '../../../../lib/format.ts';
import type { AddToCart } from './use-add-to-cart.ts';

type Props = {
  productName: string;
  offers: readonly SubscriptionOffer[];
  cart: AddToCart;
  /** id of the text that explains why adding is disabled (restricted sale). */
  describedBy?: string;
};

/** The offers that can be shown: a known recurrence and a positive frequency ('2 Semanas'). */
function labelledOffers(offers: readonly SubscriptionOffer[]) {
  return offers.flatMap((offer) => {
    const frequency = formatFrequency(offer.recurrence.type, offer.recurrence.frequency);
    return frequency
      ? [
          {
            offer,
            label: `A cada ${frequency}`,
            key: `${offer.recurrence.type}-${offer.recurrence.frequency}`,
          },
        ]
      : [];
  });
}

/**
 * 'Assinar': a disclosure listing the product's subscription offers ('A cada 2 Semanas'); choosing
 * one adds the product to the cart as that subscription. Toggles open and closed (spec section 4),
 * and closes on Escape (focus back on the toggle), on a click outside and when focus leaves it.
 */
export function SubscriptionDropdown({ productName, offers, cart, describedBy }: Props) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const items = labelledOffers(offers);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    }
    // Tabbing out of the list closes it too (a blur into the page, not into an offer).
    function onFocusOut(event: FocusEvent) {
      const next = event.relatedTarget;
      if (next instanceof Node && !rootRef.current?.contains(next)) setOpen(false);
    }
    const root = rootRef.current;
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  if (items.length === 0) return null;

  function choose(offer: SubscriptionOffer) {
    setOpen(false);
    toggleRef.current?.focus();
    cart.add(offer);
  }

  const busy = cart.pending === 'subscribe';
  return (
    <div className="product-card__subscription" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className="product-card__button product-card__subscribe"
        aria-label={`Assinar ${productName}`}
        aria-expanded={open}
        aria-controls={listId}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        disabled={cart.blocked !== undefined || cart.pending !== undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {busy ? <Spinner label="Assinando..." /> : 'Assinar'}
      </button>
      <ul id={listId} className="product-card__offers" hidden={!open}>
        {items.map(({ offer, label, key }) => (
          <li key={key}>
            <button type="button" className="product-card__offer" onClick={() => choose(offer)}>
              {label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
