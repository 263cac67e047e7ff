import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { OrderItem } from '../../contract/order.ts';
import { currentSessionHandle } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { currentOrderQuery } from './api/get-current-order.ts';
import { UPDATE_ORDER_ITEM_FAILED, updateOrderItem } from './api/update-order-item.ts';
import { createKeepaliveSend, createQuantityQueue, type QuantityQueue } from './quantity-queue.ts';

export const QUANTITY_UPDATE_FAILED =
  'Não foi possível atualizar a quantidade. Mostramos a quantidade salva.';

/** The toast id: repeated failures replace one toast instead of stacking. */
const FAILURE_TOAST_ID = 'cart-quantity-failed';

/** The shopper's text: the server's own message when it gave one, then what the screen does. */
export function quantityFailureText(message: string | undefined): string {
  if (!message || message === UPDATE_ORDER_ITEM_FAILED) return QUANTITY_UPDATE_FAILED;
  return `${message} Mostramos a quantidade salva.`;
}

type QuantityItem = Pick<OrderItem, 'index' | 'providerId' | 'quantity' | 'sku'>;

export type UseQuantityQueue = {
  /** The quantity to show: the shopper's unsaved or in-flight change, else the server's. */
  quantityOf(item: QuantityItem): number;
  /** Records the new absolute quantity (0 removes); sent after a 1-second pause. */
  setQuantity(item: QuantityItem, quantity: number): void;
  /** Sends every waiting change now (before confirming or going to checkout); true when all saved. */
  flush(): Promise<boolean>;
  /** True while a change waits or is in flight. */
  pending: boolean;
};

/**
 * The cart's quantity changes, one queue per mount: answers replace the cached current order
 * (totals come from the server), failures toast and reload the order, and leaving the page
 * (pagehide, tab hidden) or the screen (unmount) sends what is still waiting.
 */
export function useQuantityQueue(): UseQuantityQueue {
  const queryClient = useQueryClient();
  const [queue] = useState<QuantityQueue>(() =>
    createQuantityQueue({
      send: updateOrderItem,
      sendOnExit: createKeepaliveSend(currentSessionHandle),
      onOrder: (order) => {
        // A load started before this change must not overwrite its answer.
        void queryClient.cancelQueries({ queryKey: currentOrderQuery.queryKey });
        queryClient.setQueryData(currentOrderQuery.queryKey, order);
      },
      onFailure: (_line, message) => {
        toast.error(quantityFailureText(message), { id: FAILURE_TOAST_ID });
        // The request may have reached the server: show what it really holds.
        void queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey });
      },
    }),
  );

  const version = useSyncExternalStore(queue.subscribe, queue.version, queue.version);

  useEffect(() => {
    const onPageHide = () => queue.flushOnExit();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') queue.flushOnExit();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the cart screen mid-debounce: the change is sent now, its answer still fills the cache.
      void queue.flush();
    };
  }, [queue]);

  const quantityOf = useCallback(
    // A new function on every queue change, so memoised children showing quantities update too.
    (item: QuantityItem) => (version >= 0 ? queue.pendingQuantity(item.index) : undefined) ?? item.quantity,
    [queue, version],
  );
  const setQuantity = useCallback(
    (item: QuantityItem, quantity: number) =>
      queue.set({ index: item.index, providerId: item.providerId, sku: item.sku ?? undefined }, quantity),
    [queue],
  );
  const flush = useCallback(() => queue.flush(), [queue]);

  return { quantityOf, setQuantity, flush, pending: queue.hasPending() };
}
