// Refusals several checkout calls share, beyond the open-order check of order/order-context.ts.
import { PaymentStatus } from '../contract.ts';
import { badRequest, SandboxHttpError } from '../http/envelope.ts';
import type { OrderAmounts } from '../order/order-amounts.ts';
import type { CheckoutState } from '../order/order-state.ts';

/** An approved payment fixes what was paid for: the choices it covered can no longer change. */
export function requirePaymentNotApproved(state: CheckoutState): void {
  if (state.payment?.status === PaymentStatus.Paid) {
    throw new SandboxHttpError(
      409,
      'O pagamento deste pedido já foi aprovado. Fale com a loja para alterá-lo.',
      'validation',
    );
  }
}

export const EMPTY_ORDER_MESSAGE = 'Seu pedido está vazio. Adicione produtos antes de continuar.';

/** The items the shopper pays for (gifts come with them and do not count). */
export const paidItems = (amounts: Pick<OrderAmounts, 'items'>) =>
  amounts.items.filter((i) => i.is_gift === 0);

export function requireItems(amounts: Pick<OrderAmounts, 'items'>): void {
  if (paidItems(amounts).length === 0) throw badRequest(EMPTY_ORDER_MESSAGE);
}
