import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { OrderState, PaymentMethod } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { retryingImport } from '@/lib/retrying-import.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { useBackToChat } from '@/session/use-back-to-chat.ts';
import { useToastOnce } from './use-toast-once.ts';

/**
 * The Pix page, its own chunk: /finish/pix. It lives under the finish's route (app/router.tsx's
 * `finish/*`) rather than as a route of its own, which would cost the landing route's JavaScript
 * the bytes of one more lazy entry (issue 36: its budget is unchanged).
 */
const PixScreen = lazy(retryingImport(() => import('./pix/pix-screen.tsx')));
/** The boleto and the payment link: their own chunk too, only for an order that has one. */
const OffPagePayment = lazy(retryingImport(() => import('./off-page-payment.tsx')));

/** /finish, and the pages under it: /finish/pix (the order's Pix charge); anything else is /finish. */
export default function FinishRoute() {
  const rest = useParams()['*'];
  if (rest === 'pix') return <PixScreen />;
  if (rest) return <Navigate to="/finish" replace />;
  return <FinishPage />;
}

/**
 * 'Pedido finalizado' (or 'Pedido cancelado'). An order still to pay off the page shows where it is
 * paid: a boleto's 'linha digitável' and its PDF, or the provider's payment link. Both offer the way
 * back to the session's own chat (WhatsApp, Messenger, Instagram or the site's chat) when the shop
 * gives its address.
 */
export function FinishPage() {
  const { data: order, isPending } = useQuery(currentOrderQuery);
  const { chat } = useBackToChat();
  const canceled = order?.status === OrderState.Canceled;
  const offPage = !canceled && paysOffPage(order);
  // 'You may close this tab' is not said while there is still something to pay here.
  const closeable = !canceled && !offPage;
  useToastOnce('success', 'Pedido finalizado, você pode fechar essa aba!', 'finish', !isPending && closeable);

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
      {offPage && (
        <Suspense fallback={null}>
          <OffPagePayment order={order} />
        </Suspense>
      )}
      {chat && (
        <a className={offPage ? 'button button--outline' : 'button'} href={chat.href} rel="noreferrer">
          {chat.label}
        </a>
      )}
    </section>
  );
}

/**
 * The order is paid off this page (issue 36): the backend issued a boleto (`payment.boleto`, the
 * optional extension of contract/pix.ts, parsed by the part that shows it), or the method is a
 * payment link. Without either the page is the spec's.
 */
function paysOffPage(order: Order | undefined): order is Order {
  const payment = order?.payment as (NonNullable<Order['payment']> & { boleto?: unknown }) | null | undefined;
  if (!payment) return false;
  return payment.boleto != null || (payment.method === PaymentMethod.Link && Boolean(payment.link));
}
