import { formatBRL } from '@/lib/format.ts';

/** What is being paid, before any card data: the total the server computed. */
export function OrderTotal({ total }: { total: number }) {
  return (
    <p className="payment-page__total">
      Total do pedido: <strong>{formatBRL(total)}</strong>
    </p>
  );
}
