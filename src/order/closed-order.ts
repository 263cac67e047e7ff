// A closed order: one the shop received, finalized or canceled, or that failed. The sandbox keeps it
// as the session's current order (server/sandbox/checkout/order-status.ts) and refuses every change
// with 409, so the cart, the checkout and the top bar show its state instead of an editable order
// (docs/decisions/0006-checkout.md, "A closed order").
import { OrderState } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';

export type ClosedOrderState = {
  /** The state's name, as the final page says it ('Pedido cancelado', 'Pedido finalizado'). */
  title: string;
  /** Why nothing can be changed any more. */
  explanation: string;
  /**
   * The cart link's spoken state, after 'Ver carrinho: '. Worded apart from the title, so the title
   * stays the only 'Pedido cancelado' on the final page.
   */
  spoken: string;
  /** The badge's mark in place of the item count (hidden from screen readers). */
  mark: string;
};

const CLOSED_STATES: Readonly<Partial<Record<OrderState, ClosedOrderState>>> = {
  [OrderState.Received]: {
    title: 'Pedido recebido',
    explanation: 'A loja já recebeu este pedido, por isso ele não pode mais ser alterado.',
    spoken: 'o pedido foi recebido pela loja',
    mark: '✓',
  },
  [OrderState.Finalized]: {
    title: 'Pedido finalizado',
    explanation: 'Este pedido já foi finalizado e não pode mais ser alterado.',
    spoken: 'o pedido foi finalizado',
    mark: '✓',
  },
  [OrderState.Canceled]: {
    title: 'Pedido cancelado',
    explanation: 'Este pedido foi cancelado e não pode mais ser alterado.',
    spoken: 'o pedido foi cancelado',
    mark: '×',
  },
  [OrderState.Error]: {
    title: 'Pedido com problema',
    explanation: 'Não foi possível concluir este pedido.',
    spoken: 'o pedido teve um problema',
    mark: '!',
  },
};

/** The order's closed state, or undefined while it is being built (Creating, or no status yet). */
export function closedOrderState(
  order: Pick<Order, 'status'> | null | undefined,
): ClosedOrderState | undefined {
  const status = order?.status;
  if (status === undefined || status === null) return undefined;
  return CLOSED_STATES[status];
}

/** True while the order can still be changed (the sandbox accepts changes only then). */
export const isOrderOpen = (order: Pick<Order, 'status'> | null | undefined): boolean =>
  closedOrderState(order) === undefined;
