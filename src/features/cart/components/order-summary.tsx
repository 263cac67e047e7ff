import type { Order } from '../../../contract/order.ts';
import { formatBRL } from '../../../lib/format.ts';
import { OrderTotals } from './order-totals.tsx';

/** The order's items and totals, as the server computed them (money always comes from the server). */
export function OrderSummary({ order }: { order: Order }) {
  const items = order.items ?? [];
  if (items.length === 0) return <p className="empty">Seu carrinho está vazio.</p>;
  return (
    <div className="order-summary">
      <ul className="order-summary__items">
        {items.map((item) => (
          <li key={`${item.index}-${item.providerId}`} className="order-summary__item">
            {item.images?.[0]?.url ? (
              <img src={item.images[0].url} alt="" width={56} height={56} loading="lazy" decoding="async" />
            ) : (
              <span className="order-summary__placeholder" aria-hidden="true" />
            )}
            <span className="order-summary__name">{item.name}</span>
            <span className="order-summary__quantity">
              {item.quantity} ×{' '}
              {item.isGift ? 'Brinde' : formatBRL(item.promotionalPrice || item.unitPrice || 0)}
            </span>
            <span className="order-summary__total">{item.isGift ? '' : formatBRL(item.totalAmout ?? 0)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals order={order} />
    </div>
  );
}
