import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { currentOrderQuery } from '../api/get-current-order.ts';
import { OrderSummary } from './order-summary.tsx';

/** A screen built around the current order: the cart, and (for now) checkout and payment. */
export function OrderPage({ title }: { title: string }) {
  const { data: order, isPending, isError } = useQuery(currentOrderQuery);
  return (
    <section className="order-page" aria-labelledby="order-page-title">
      <h1 id="order-page-title">{title}</h1>
      {isPending && <PageSpinner />}
      {isError && <p role="alert">Não foi possível carregar o seu pedido. Tente novamente.</p>}
      {order && <OrderSummary order={order} />}
    </section>
  );
}
