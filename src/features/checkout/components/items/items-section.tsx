import type { Order } from '@/contract/order.ts';
import { CartLines } from '@/order/cart-lines/cart-lines.tsx';
import { GiftPanel } from '@/order/gift-panel/gift-panel.tsx';
import type { UseQuantityQueue } from '@/order/quantity/use-quantity-queue.ts';
import { useSavePreferences } from '@/order/use-save-preferences.ts';

/**
 * Section 6: the order's items, editable as in the cart (same lines, same 1-second quantity queue,
 * owned by the page so finishing can send what is still waiting), and the gifts.
 */
export function ItemsSection({ order, queue }: { order: Order; queue: UseQuantityQueue }) {
  const savePreferences = useSavePreferences(queue);
  return (
    <section className="checkout-section" aria-labelledby="checkout-items-title">
      <h2 id="checkout-items-title">Itens do pedido</h2>
      <CartLines
        order={order}
        quantityOf={queue.quantityOf}
        setQuantity={queue.setQuantity}
        savePreferences={(item, text) => void savePreferences(item, text)}
      />
      <GiftPanel order={order} />
    </section>
  );
}
