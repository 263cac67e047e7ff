// The flow's seller step (checkout spec: the 'Loja' section; shopper spec section 2: the catalogue's
// toast). With it on, an operator first chooses the store the contact buys from: the catalogue
// says so in the spec's words, and the products stay locked until then, as those words say
// ('para liberar os produtos'). The store is chosen in the checkout's 'Loja' section.
import { useQuery } from '@tanstack/react-query';
import { FlowStep } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import { currentOrderQuery } from './api/get-current-order.ts';

/** The spec's toast, word for word; the product page shows it as the reason 'Adicionar' waits. */
export const CHOOSE_STORE_FIRST = 'Selecione a loja que deseja comprar para liberar os produtos';

/** Where the operator chooses the store: the checkout's 'Loja' section. */
export const CHOOSE_STORE_PATH = '/order/checkout';

/**
 * Whether products are locked until a store is chosen: an operator, in a shop whose flow has the
 * seller step, with an order (once loaded) that has no seller yet.
 */
export function storeNotChosen(
  settings: Pick<ShopSettings, 'steps'> | null | undefined,
  isPlatformUser: boolean,
  order: Pick<Order, 'seller'> | undefined,
): boolean {
  return (
    isPlatformUser &&
    (settings?.steps ?? []).includes(FlowStep.Seller) &&
    order !== undefined &&
    !order.seller
  );
}

/** storeNotChosen for the tab's session and cached order (read only: the top bar loads the order). */
export function useStoreNotChosen(): boolean {
  const { settings, isPlatformUser } = useLoadedSession();
  const { data: locked = false } = useQuery({
    ...currentOrderQuery,
    enabled: false,
    select: (order) => storeNotChosen(settings, isPlatformUser, order),
  });
  return locked;
}
