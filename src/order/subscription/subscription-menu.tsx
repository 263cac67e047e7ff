import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { SubscriptionOffer } from '@/contract/catalog.ts';
import { formatFrequency } from '@/lib/format.ts';
import './subscription-menu.css';

type Props = {
  offers: readonly SubscriptionOffer[];
  disabled: boolean;
  busy: boolean;
  /** id of the text that explains why subscribing is disabled (restricted sale). */
  describedBy?: string;
  onChoose(offer: SubscriptionOffer): void;
  /** The toggle's accessible name: 'Assinar', or 'Assinar {produto}' where several cards share a page. */
  label?: string;
  /** The toggle's look, from the screen that places it (card or product page). */
  buttonClassName: string;
};

/** The offers that can be shown: a known recurrence and a positive frequency ('A cada 2 Semanas'). */
export function labelledOffers(offers: readonly SubscriptionOffer[]) {
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
 * 'Assinar' on the product card and the product page: a disclosure listing the subscription offers;
 * choosing one adds the product as that subscription. Toggles open and closed (spec section 4) and
 * closes on Escape (focus back on the toggle), on a click outside and when focus leaves it (tabbing
 * out of the list). Nothing is shown without offers.
 */
export function SubscriptionMenu({
  offers,
  disabled,
  busy,
  describedBy,
  onChoose,
  label = 'Assinar',
  buttonClassName,
}: Props) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const items = labelledOffers(offers);
  const isOpen = open && !disabled;

  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    }
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
  }, [isOpen]);

  if (items.length === 0) return null;

  function choose(offer: SubscriptionOffer) {
    setOpen(false);
    toggleRef.current?.focus();
    onChoose(offer);
  }

  return (
    <div className="subscription-menu" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        {busy ? <Spinner label="Assinando..." /> : 'Assinar'}
      </button>
      <ul id={listId} className="subscription-menu__offers" hidden={!isOpen}>
        {items.map(({ offer, label, key }) => (
          <li key={key}>
            <button type="button" className="subscription-menu__offer" onClick={() => choose(offer)}>
              {label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
