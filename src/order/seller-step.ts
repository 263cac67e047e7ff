// The flow's seller step in the SPA: its rule and words are the contract's (contract/seller-step.ts),
// shared with the server; here, the tab's own answer and where the store is chosen.
import { useQuery } from '@tanstack/react-query';
import { storeNotChosen } from '@/contract/seller-step.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import { currentOrderQuery } from './api/get-current-order.ts';

export { CHOOSE_STORE_FIRST, canChangeQuantity } from '@/contract/seller-step.ts';

/** Where the operator chooses the store: the checkout's 'Loja' section. */
export const CHOOSE_STORE_PATH = '/order/checkout';

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
