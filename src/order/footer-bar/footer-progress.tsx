// The footer's money-to-come lines and the lost-gift notice (order-progress.ts), a chunk of their own:
// they matter once the cart holds something, so the landing route does not carry them.
import { useEffect, useRef } from 'react';
import { orderNextGift } from '@/contract/next-gift.ts';
import type { Order } from '@/contract/order.ts';
import { toast } from '@/lib/toast.ts';
import { giftLost, lostGift, progressLines } from './order-progress.ts';

export default function FooterProgress({ order }: { order: Order }) {
  useGiftLostNotice(order);
  return progressLines(order).map((line) => (
    <p key={line} className="footer-bar__progress">
      {line}
    </p>
  ));
}

/**
 * 'Você perdeu o brinde: faltam R$ 3,00', once, when an order's change drops a gift group it had
 * reached (the shopper took something out and the subtotal fell under the gift's threshold).
 */
function useGiftLostNotice(order: Order) {
  const previous = useRef(order);
  useEffect(() => {
    if (lostGift(previous.current, order)) {
      toast(giftLost(orderNextGift(order)?.missingAmount), { id: 'gift-lost' });
    }
    previous.current = order;
  }, [order]);
}
