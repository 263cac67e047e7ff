import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Product, SubscriptionOffer } from '@/contract/catalog.ts';
import type { Order, OrderItemUpdate } from '@/contract/order.ts';
import { toast } from '@/lib/toast.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { UPDATE_ORDER_ITEM_FAILED, useUpdateOrderItem } from '@/order/api/update-order-item.ts';
import { canChangeQuantity, useStoreNotChosen } from '@/order/seller-step.ts';
import { productPath } from '@/products/product-path.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import { type InCart, inCart } from './in-cart.ts';

export const ADDED_TO_CART = 'Produto adicionado ao carrinho';
export const RESTRICTED_SALE_NOTE = 'Venda restrita: peça ao atendente';

/**
 * Why the product cannot be added from the card right now:
 * - 'inactive': out of stock, the card shows 'Indisponível' in place of the button;
 * - 'restricted': restricted sale while the shop disables it, for anyone but a platform user;
 * - 'no-order': the current order has not loaded (adding needs an order, spec section 4);
 * - 'no-store': the seller step is on and the operator has not chosen the store: nothing more may go
 *   into the order (canChangeQuantity, contract/seller-step.ts).
 * Neither of the last two for a product with variants, whose 'Adicionar' only opens its page.
 */
export type AddBlock = 'inactive' | 'restricted' | 'no-order' | 'no-store';

export type AddToCart = {
  blocked: AddBlock | undefined;
  /** Which add is running: the plain one or a subscription. */
  pending: 'add' | 'subscribe' | undefined;
  /** Adds one unit, optionally as a subscription; a product with variants opens its page instead. */
  add(subscription?: SubscriptionOffer): void;
  /** What the order holds of this product. */
  inCart: InCart;
  /** The seller step's lock (storeNotChosen): the card's stepper asks canChangeQuantity with it. */
  storeLocked: boolean;
};

/** Only what the strict item update accepts: a tolerant offer may carry fields the server refuses. */
const subscriptionInput = (offer: SubscriptionOffer): NonNullable<OrderItemUpdate['subscription']> => ({
  recurrence: { type: offer.recurrence.type, frequency: offer.recurrence.frequency },
});

/** Add to cart from a product card (spec section 4, 'Add to cart'; section 5, restricted products). */
export function useAddToCart(product: Product): AddToCart {
  const { settings, isPlatformUser } = useLoadedSession();
  // The top bar loads the order; a card only reads it (50 cards must not each ask for it again). The
  // selected value is structurally shared: a card re-renders only when its own product's lines change.
  const { providerId } = product;
  const select = useCallback((order: Order | undefined) => inCart(order, providerId), [providerId]);
  const { data: held = inCart(undefined, providerId) } = useQuery({
    ...currentOrderQuery,
    enabled: false,
    select,
  });
  const storeLocked = useStoreNotChosen();
  const update = useUpdateOrderItem();
  const navigate = useNavigate();
  // A double tap sends one add: the second tap comes before React re-renders the button disabled.
  const sending = useRef(false);

  let blocked: AddBlock | undefined;
  if (product.isActive === false) blocked = 'inactive';
  else if (product.isRestrictedSale && settings?.disableRestrictedProducts && !isPlatformUser) {
    blocked = 'restricted';
  } else if (!held.orderExists && !product.hasVariants) blocked = 'no-order';
  else if (!product.hasVariants && !canChangeQuantity(storeLocked, held.units, held.units + 1)) {
    blocked = 'no-store';
  }

  const pending = update.isPending ? (update.variables?.subscription ? 'subscribe' : 'add') : undefined;

  function add(subscription?: SubscriptionOffer) {
    if (blocked || sending.current) return;
    if (product.hasVariants) {
      // The shopper picks the variant on the product page first.
      navigate(productPath(providerId));
      return;
    }
    const body: OrderItemUpdate = { providerId, quantity: 1 };
    if (subscription) body.subscription = subscriptionInput(subscription);
    sending.current = true;
    update.mutate(body, {
      onSuccess: () => {
        toast.success(ADDED_TO_CART);
      },
      onError: (error) => {
        toast.error(error.message || UPDATE_ORDER_ITEM_FAILED);
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  }

  return { blocked, pending, add, inCart: held, storeLocked };
}
