// The catalogue's gift notice (shopper spec, section 2: "A gift notice and a footer bar"; links out:
// "/order (shopper) or /order/checkout (operator) for gifts"). Gifts are chosen in the cart's gift
// panel (or at the operator's checkout); this only tells that there is one to choose.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DEFAULT_GIFT_AVAILABLE_QUANTITY, type Order } from '@/contract/order.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import './gift-notice.css';

/**
 * How many gifts the order still lets the shopper choose: for each gift group that offers gifts,
 * its availableQuantity (1 when absent) less the gifts already chosen in it. A backend that does not
 * send the choices (selectedGifts is not in the spec's group) counts as nothing chosen yet.
 */
export function giftsToChoose(order: Pick<Order, 'gifts'> | null | undefined): number {
  return (order?.gifts ?? []).reduce((sum, group) => {
    if (!group.availableGifts?.length) return sum;
    const allowed = group.availableQuantity ?? DEFAULT_GIFT_AVAILABLE_QUANTITY;
    return sum + Math.max(0, allowed - (group.selectedGifts?.length ?? 0));
  }, 0);
}

/** A wrapped present (an inline drawing: emoji fonts are missing on some Android web views). */
function GiftIcon() {
  return (
    <svg
      className="gift-notice__icon"
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13" />
      <path d="M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />
      <path d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
    </svg>
  );
}

/** Shown while the order has a gift to choose; renders nothing otherwise. */
export function GiftNotice() {
  const { isPlatformUser } = useLoadedSession();
  const { data: order } = useQuery(currentOrderQuery);
  const count = giftsToChoose(order);
  if (count === 0) return null;

  const several = count > 1;
  const text = isPlatformUser
    ? several
      ? 'Este pedido ganhou brindes!'
      : 'Este pedido ganhou um brinde!'
    : several
      ? 'Você ganhou brindes!'
      : 'Você ganhou um brinde!';
  const link = isPlatformUser
    ? {
        to: '/order/checkout',
        label: several ? 'Escolher os brindes no checkout' : 'Escolher o brinde no checkout',
      }
    : { to: '/order', label: several ? 'Escolha os seus no carrinho' : 'Escolha o seu no carrinho' };

  return (
    <div className="gift-notice" role="status">
      <GiftIcon />
      <p className="gift-notice__text">
        {text} <Link to={link.to}>{link.label}</Link>
      </p>
    </div>
  );
}
