// The flow's seller step (checkout spec: the 'Loja' section; shopper spec section 2: the catalogue's
// toast). With it on, an operator first chooses the store the contact buys from, and the products stay
// locked until then, as the spec's words say ('para liberar os produtos'). One rule for the SPA (every
// control that changes a quantity) and the sandbox (POST /api/order/items/).
import { FlowStep } from './enums.ts';

/** The spec's toast, word for word: why nothing more can go into the order yet. */
export const CHOOSE_STORE_FIRST = 'Selecione a loja que deseja comprar para liberar os produtos';

/**
 * Whether products are locked until a store is chosen: an operator, in a shop whose flow has the
 * seller step, with an order (once loaded) that has no seller yet.
 */
export function storeNotChosen(
  settings: { steps?: readonly FlowStep[] | null } | null | undefined,
  isPlatformUser: boolean,
  order: { seller?: unknown } | undefined,
): boolean {
  return (
    isPlatformUser &&
    (settings?.steps ?? []).includes(FlowStep.Seller) &&
    order !== undefined &&
    !order.seller
  );
}

/**
 * Whether one line of the order may go from `from` units to `to` (0: taken out; a new line starts
 * from 0). While the store is not chosen, nothing more goes in: no new line, no more units, since the
 * store decides what is sold and at what price. Fewer units, or none, stay allowed: the operator can
 * still take out what the contact no longer wants (or a mistaken add) before choosing a store, and
 * taking out commits the order to nothing a store might not sell.
 */
export function canChangeQuantity(storeLocked: boolean, from: number, to: number): boolean {
  return !storeLocked || to <= from;
}
