import { TrashIcon } from '@/components/ui/icons.tsx';
import { canIncrease } from '@/order/quantity/quantity.ts';

type Props = {
  productName: string;
  /** The quantity in the cart, as the shopper last set it. */
  quantity: number;
  /** The new absolute quantity; 0 takes the product out of the cart. */
  onChange(quantity: number): void;
  /** False while more may not go into the order (the seller step's lock): '+' is disabled, '−' is not. */
  canAddMore?: boolean;
};

/**
 * The card's quantity once the product is in the cart: '−', the quantity, '+'. At 1 the '−' is a
 * bin that takes the product out, and the card shows 'Adicionar' again. The labels are the product
 * page picker's ('Remover um item', 'Adicionar mais um item'), with the product's name, since a
 * grid holds many of these.
 */
export function CardStepper({ productName, quantity, onChange, canAddMore = true }: Props) {
  const last = quantity <= 1;
  return (
    <fieldset className="card-stepper" aria-label={`${productName} no carrinho`}>
      <button
        type="button"
        className="card-stepper__button"
        aria-label={last ? `Remover ${productName} do carrinho` : `Remover um item de ${productName}`}
        onClick={() => onChange(quantity - 1)}
      >
        {last ? <TrashIcon /> : <span aria-hidden="true">−</span>}
      </button>
      {/* A status: the new quantity is announced after each tap. */}
      <output className="card-stepper__quantity">
        {quantity}
        <span className="visually-hidden"> no carrinho</span>
      </output>
      <button
        type="button"
        className="card-stepper__button"
        aria-label={`Adicionar mais um item de ${productName}`}
        disabled={!canAddMore || !canIncrease(quantity)}
        onClick={() => onChange(quantity + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </fieldset>
  );
}
