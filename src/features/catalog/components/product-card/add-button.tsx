import { Spinner } from '@/components/ui/spinner.tsx';
import type { AddToCart } from './use-add-to-cart.ts';

type Props = {
  productName: string;
  cart: AddToCart;
  /** id of the text that explains why the button is disabled (restricted sale). */
  describedBy?: string;
  /** Replaces the plain add (the card takes back a line whose removal has not been sent yet). */
  onAdd?: () => void;
};

/**
 * 'Adicionar': one unit to the cart. Disabled with a spinner while the call runs (the tap shows
 * feedback at once), and disabled when the product cannot be added. An inactive product shows
 * 'Indisponível' instead (see ProductCard).
 */
export function AddButton({ productName, cart, describedBy, onAdd }: Props) {
  const busy = cart.pending === 'add';
  return (
    <button
      type="button"
      className="button product-card__button product-card__add"
      aria-label={`Adicionar ${productName} ao carrinho`}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      disabled={cart.blocked !== undefined || cart.pending !== undefined}
      onClick={() => (onAdd ? onAdd() : cart.add())}
    >
      {busy ? <Spinner label="Adicionando ao carrinho..." /> : 'Adicionar'}
    </button>
  );
}
