// When the checkout's finish can be tapped, for the footer and for the checkout model test alike.
// A tap while a quantity waits for its pause (or is on its way), while another order change runs, or
// while the finish itself is saving what waits, would confirm a total the screen has not shown yet
// (issue 34): the finish waits, says so (spec: 'Atualizando pedido', 'Enviando ...') and comes back
// with the new total on screen.

export type FinishState = {
  /** The confirmation is on its way. */
  sending: boolean;
  /**
   * A quantity change waits for its 1-second pause or is on its way (the queue's `pending`), or the
   * finish was tapped and saves what still waits (quantities, contact data) before confirming.
   */
  waiting: boolean;
  /** Another change of the order (logistic, coupon, pay on delivery, ...) is on its way. */
  orderMutating: boolean;
};

export type FinishGate = 'ready' | 'updating' | 'sending';

export const UPDATING_ORDER_TEXT = 'Atualizando pedido';
export const SENDING_TEXT = 'Enviando ...';

export function finishGate(state: FinishState): FinishGate {
  if (state.sending) return 'sending';
  if (state.waiting || state.orderMutating) return 'updating';
  return 'ready';
}

/** The finish button's text: its label when ready, else the spec's busy text. */
export function finishText(gate: FinishGate, label: string): string {
  if (gate === 'sending') return SENDING_TEXT;
  return gate === 'updating' ? UPDATING_ORDER_TEXT : label;
}
