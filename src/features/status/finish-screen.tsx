import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { OrderState } from '@/contract/enums.ts';
import { useToastOnce } from '@/lib/use-toast-once.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export default function FinishPage() {
  const { data: order, isPending } = useQuery(currentOrderQuery);
  const canceled = order?.status === OrderState.Canceled;
  useToastOnce('success', 'Pedido finalizado, você pode fechar essa aba!', 'finish', !isPending && !canceled);

  if (isPending) return <PageSpinner />;
  return (
    <section className="message-page" aria-labelledby="finish-title">
      <PageTitle>{canceled ? 'Pedido cancelado' : 'Pedido finalizado'}</PageTitle>
      {canceled ? (
        <>
          <svg className="message-page__image" viewBox="0 0 64 64" width="96" height="96" aria-hidden="true">
            <circle cx="32" cy="32" r="28" fill="none" stroke="currentColor" strokeWidth="4" />
            <path d="M22 22l20 20M42 22L22 42" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
          </svg>
          <h1 id="finish-title">Pedido cancelado</h1>
        </>
      ) : (
        <h1 id="finish-title">Pedido finalizado</h1>
      )}
    </section>
  );
}
