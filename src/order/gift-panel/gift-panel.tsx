// The cart's gift panel (shopper spec, sections 3, 4 and 7): for each gift group of the order, the
// gifts it offers as toggles. Choosing is blocked once the group's availableQuantity (1 when absent)
// is reached; while a choice is saved the group's choices are locked. Every change sends the group's
// full new selection (POST /api/order/gift/); the answered order replaces the cached one.
import { useId } from 'react';
import {
  type AvailableGift,
  DEFAULT_GIFT_AVAILABLE_QUANTITY,
  type GiftGroup,
  type GiftSelection,
  type Order,
} from '@/contract/order.ts';
import { useUpdateGifts } from '../api/update-gifts.ts';
import { GiftItemBadge } from './gift-item-badge.tsx';
import './gift-panel.css';

type ChosenGift = GiftSelection['selectedGifts'][number];

const IMAGE_SIZE = 64;

/** A group's title: one gift, or up to N. */
export function giftGroupTitle(availableQuantity: number): string {
  return availableQuantity <= 1 ? 'Escolha seu brinde' : `Escolha até ${availableQuantity} brindes`;
}

/** Whether two (id, seller) pairs name the same gift; a seller missing on either side matches any. */
const sameGift = (a: { id: string; seller?: string | null }, b: { id: string; seller?: string | null }) =>
  a.id === b.id && (a.seller == null || b.seller == null || a.seller === b.seller);

/**
 * The group's current choice, as positions in availableGifts: from group.selectedGifts when the
 * backend sends it, otherwise from the order's gift lines (isGift) whose product is offered here.
 */
export function chosenPositions(group: GiftGroup, items: Order['items']): number[] {
  const gifts = group.availableGifts ?? [];
  const chosen: { id: string; seller?: string | null }[] =
    group.selectedGifts ??
    items.filter((item) => item.isGift).map((item) => ({ id: item.providerId, seller: item.sellerId }));
  return gifts.flatMap((gift, position) => (chosen.some((c) => sameGift(gift, c)) ? [position] : []));
}

/** The body that selects the gifts at these positions of the group. */
export function giftSelection(group: GiftGroup, positions: readonly number[]): GiftSelection {
  const gifts = group.availableGifts ?? [];
  const selectedGifts = [...positions]
    .sort((a, b) => a - b)
    .flatMap((index): ChosenGift[] => {
      const gift = gifts[index];
      if (!gift) return [];
      return [gift.seller ? { id: gift.id, seller: gift.seller, index } : { id: gift.id, index }];
    });
  return { id: group.id, selectedGifts };
}

function GiftChoice({
  gift,
  pressed,
  disabled,
  busy,
  onToggle,
}: {
  gift: AvailableGift;
  pressed: boolean;
  disabled: boolean;
  busy: boolean;
  onToggle: () => void;
}) {
  const name = gift.name || 'Brinde';
  return (
    <button
      type="button"
      className="gift-panel__choice"
      aria-pressed={pressed}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={onToggle}
    >
      {gift.imageUrl ? (
        <img
          className="gift-panel__image"
          src={gift.imageUrl}
          alt=""
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="gift-panel__image gift-panel__image--empty" aria-hidden="true" />
      )}
      <span className="gift-panel__name">{name}</span>
      <GiftItemBadge />
    </button>
  );
}

function GiftGroupChoices({ group, items }: { group: GiftGroup; items: Order['items'] }) {
  const titleId = useId();
  const mutation = useUpdateGifts();
  const limit = group.availableQuantity ?? DEFAULT_GIFT_AVAILABLE_QUANTITY;
  const saving = mutation.isPending;
  // While saving, the choice being sent is shown; afterwards the order's (the server's) again.
  const current = chosenPositions(group, items);
  const shown =
    saving && mutation.variables
      ? chosenPositions({ ...group, selectedGifts: mutation.variables.selectedGifts }, items)
      : current;
  const full = shown.length >= limit;

  const toggle = (position: number) => {
    if (saving) return;
    const next = shown.includes(position) ? shown.filter((p) => p !== position) : [...shown, position];
    if (next.length > limit) return;
    mutation.mutate(giftSelection(group, next));
  };

  return (
    <section className="gift-panel__group" aria-labelledby={titleId} aria-busy={saving}>
      <h2 id={titleId} className="gift-panel__title">
        {giftGroupTitle(limit)}
      </h2>
      <p className="gift-panel__hint">
        {full
          ? limit === 1
            ? 'Brinde escolhido. Para trocar, desmarque o atual.'
            : `${shown.length} de ${limit} brindes escolhidos. Para trocar, desmarque um deles.`
          : `${shown.length} de ${limit} ${limit === 1 ? 'brinde escolhido' : 'brindes escolhidos'}.`}
      </p>
      <ul className="gift-panel__list">
        {(group.availableGifts ?? []).map((gift, position) => {
          const pressed = shown.includes(position);
          return (
            <li key={`${gift.id}:${gift.seller ?? ''}`}>
              <GiftChoice
                gift={gift}
                pressed={pressed}
                busy={saving}
                disabled={saving || (full && !pressed)}
                onToggle={() => toggle(position)}
              />
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" role="status">
        {saving ? 'Salvando a escolha do brinde…' : ''}
      </p>
    </section>
  );
}

/** The order's gift groups to choose from; nothing when the order offers none. */
export function GiftPanel({ order }: { order: Pick<Order, 'gifts' | 'items'> }) {
  const groups = (order.gifts ?? []).filter((group) => (group.availableGifts?.length ?? 0) > 0);
  if (groups.length === 0) return null;
  return (
    <div className="gift-panel">
      {groups.map((group) => (
        <GiftGroupChoices key={group.id} group={group} items={order.items} />
      ))}
    </div>
  );
}
