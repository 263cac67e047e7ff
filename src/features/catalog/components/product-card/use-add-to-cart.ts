import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { Product, SubscriptionOffer } from '../../../../contract/catalog.ts';
import type { Order, OrderItemUpdate } from '../../../../contract/order.ts';
import { toast } from '../../../../lib/toast.ts';
import { useLoadedSession } from '../../../../session/use-session.ts';
import { currentOrderQuery } from '../../../cart/api/get-current-order.ts';
import { UPDATE_ORDER_ITEM_FAILED, useUpdateOrderItem } from '../../../cart/api/update-order-item.ts';
import { useStoreNotChosen } from '../../../cart/seller-step.ts';
import { productPath } from './product-path.ts';

export const ADDED_TO_CART = 'Produto adicionado ao carrinho';
export const RESTRICTED_SALE_NOTE = 'Venda restrita: peça ao atendente';

/**
 * Why the product cannot be added from the card right now:
 * - 'inactive': out of stock, the card shows 'Indisponível' in place of the button;
 * - 'restricted': restricted sale while the shop disables it, for anyone but a platform user;
 * - 'no-order': the current order has not loaded (adding needs an order, spec section 4);
 * - 'no-store': the seller step is on and the operator has not chosen the store (seller-step.ts).
 */
export type AddBlock = 'inactive' | 'restricted' | 'no-order' | 'no-store';

export type AddToCart = {
  blocked: AddBlock | undefined;
  /** Which add is running: the plain one or a subscription. */
  pending: 'add' | 'subscribe' | undefined;
  /** Adds one unit, optionally as a subscription; a product with variants opens its page instead. */
  add(subscription?: SubscriptionOffer): void;
};

// The card only needs to know that an order exists: selecting a boolean keeps a grid of cards from
// re-rendering every time the order changes.
const hasOrder = (order: Order | undefined) => order !== undefined;

/** Only what the strict item update accepts: a tolerant offer may carry fields the server refuses. */
const subscriptionInput = (offer: SubscriptionOffer): NonNullable<OrderItemUpdate['subscription']> => ({
  recurrence: { type: offer.recurrence.type, frequency: offer.recurrence.frequency },
});

/** Add to cart from a product card (spec section 4, 'Add to cart'; section 5, restricted products). */
export function useAddToCart(product: Product): AddToCart {
  const { settings, isPlatformUser } = useLoadedSession();
  // The top bar loads the order; a card only reads it (50 cards must not each ask for it again).
  const { data: orderExists = false } = useQuery({ ...currentOrderQuery, enabled: false, select: hasOrder });
  const storeNotChosen = useStoreNotChosen();
  const update = useUpdateOrderItem();
  const navigate = useNavigate();

  let blocked: AddBlock | undefined;
  if (product.isActive === false) blocked = 'inactive';
  else if (product.isRestrictedSale && settings?.disableRestrictedProducts && !isPlatformUser) {
    blocked = 'restricted';
  } else if (!orderExists) blocked = 'no-order';
  else if (storeNotChosen) blocked = 'no-store';

  const pending = update.isPending ? (update.variables?.subscription ? 'subscribe' : 'add') : undefined;

  function add(subscription?: SubscriptionOffer) {
    if (blocked || update.isPending) return;
    if (product.hasVariants) {
      // The shopper picks the variant on the product page first.
      navigate(productPath(product.providerId));
      return;
    }
    const body: OrderItemUpdate = { providerId: product.providerId, quantity: 1 };
    if (subscription) body.subscription = subscriptionInput(subscription);
    update.mutate(body, {
      onSuccess: () => {
        toast.success(ADDED_TO_CART);
      },
      onError: (error) => {
        toast.error(error.message || UPDATE_ORDER_ITEM_FAILED);
      },
    });
  }

  return { blocked, pending, add };
}
