import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { CartLines } from '@/order/cart-lines/cart-lines.tsx';
import { isOrderOpen } from '@/order/closed-order.ts';
import { ClosedOrderNotice } from '@/order/closed-order-notice/closed-order-notice.tsx';
import { FooterBar } from '@/order/footer-bar/footer-bar.tsx';
import { GiftPanel } from '@/order/gift-panel/gift-panel.tsx';
import { useQuantityQueue } from '@/order/quantity/use-quantity-queue.ts';
import { useOrderStaysFresh } from '@/order/use-order-stays-fresh.ts';
import { OrderTotals } from './order-totals.tsx';
import './cart-screen.css';

/**
 * 'Meu carrinho' (spec section 2): the items with editable quantities, the gifts, the totals and confirm.
 * A closed order (received, canceled...) cannot change: the page says so instead.
 */
export default function CartPage() {
  const { data: order, isPending, isError } = useQuery(currentOrderQuery);
  const queue = useQuantityQueue();
  // A cart left open in one tab while another tab changes or finishes the order shows what it holds.
  useOrderStaysFresh();

  return (
    <section className="cart-page" aria-labelledby="cart-title">
      <PageTitle>Meu carrinho</PageTitle>
      <h1 id="cart-title">Meu carrinho</h1>
      {isPending && <PageSpinner label="Carregando o seu pedido..." />}
      {isError && <p role="alert">Não foi possível carregar o seu pedido. Tente novamente.</p>}
      {order && !isOrderOpen(order) && <ClosedOrderNotice order={order} />}
      {order && isOrderOpen(order) && (
        <>
          <CartLines order={order} queue={queue} />
          <GiftPanel order={order} />
          {/* An empty cart's R$ 0,00 says nothing: the way back to the products does. */}
          {order.items.length > 0 && <OrderTotals order={order} />}
          {/* Quantities and notes still in their 1-second pause are sent before confirming. */}
          <FooterBar
            view={{ hasCollections: false }}
            pendingChanges={queue.pending}
            beforeConfirm={async () => {
              await queue.flush();
            }}
          />
        </>
      )}
    </section>
  );
}
