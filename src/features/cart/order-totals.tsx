import type { Order } from '@/contract/order.ts';
import { formatBRL } from '@/lib/format.ts';
import './order-totals.css';

/** Subtotal, discounts and total, exactly as the server computed them. */
export function OrderTotals({ order }: { order: Order }) {
  return (
    <dl className="cart-totals" aria-label="Resumo do pedido">
      <dt>Subtotal</dt>
      <dd>{formatBRL(order.itemsAmout ?? 0)}</dd>
      {order.discountAmout ? (
        <>
          <dt>Descontos</dt>
          <dd>-{formatBRL(order.discountAmout)}</dd>
        </>
      ) : null}
      <dt>Total</dt>
      <dd className="cart-totals__total">{formatBRL(order.totalAmout ?? 0)}</dd>
    </dl>
  );
}
