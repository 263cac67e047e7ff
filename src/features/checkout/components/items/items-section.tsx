import type { CSSProperties } from 'react';
import type { Order } from '@/contract/order.ts';
import { CartLines } from '@/order/cart-lines/cart-lines.tsx';
import { GiftPanel } from '@/order/gift-panel/gift-panel.tsx';
import type { UseQuantityQueue } from '@/order/quantity/use-quantity-queue.ts';
import { RenderLater } from '../render-later.tsx';
import './items-section.css';

type Props = { order: Order; queue: UseQuantityQueue };

/**
 * Section 6: the order's items, editable as in the cart (same lines, same 1-second quantity queue,
 * owned by the page so finishing can send what is still waiting), and the gifts. They come in the
 * pass after the first paint (render-later.tsx), in a place as tall as they will be.
 */
export function ItemsSection({ order, queue }: Props) {
  const lines = { '--lines': order.items?.length ?? 0 } as CSSProperties;
  return (
    <RenderLater placeholder={<div className="checkout-section items-section--later" style={lines} />}>
      <ItemLines order={order} queue={queue} />
    </RenderLater>
  );
}

function ItemLines({ order, queue }: Props) {
  return (
    <section className="checkout-section" aria-labelledby="checkout-items-title">
      <h2 id="checkout-items-title">Itens do pedido</h2>
      <CartLines order={order} queue={queue} />
      <GiftPanel order={order} />
    </section>
  );
}
