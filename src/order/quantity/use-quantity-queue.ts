import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { OrderItem } from '@/contract/order.ts';
import { currentSessionHandle, gotNoAnswer } from '@/lib/api-client.ts';
import { afterPauseOnline } from '@/lib/network-status.ts';
import { retryDelay } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';
import { currentOrderQuery } from '../api/get-current-order.ts';
import { UPDATE_ORDER_ITEM_FAILED, updateOrderItem } from '../api/update-order-item.ts';
import { createKeepaliveSend, createQuantityQueue, type QuantityQueue } from './quantity-queue.ts';

export const QUANTITY_UPDATE_FAILED =
  'Não foi possível atualizar a quantidade. Mostramos a quantidade salva.';

/**
 * A change whose call got no answer (no connection) goes again, up to this many times, each after a
 * growing pause and once there is a connection: time offline uses none of them. Safe, as a change
 * is the line's whole quantity; a refusal from the server is not sent again.
 */
export const QUANTITY_RESENDS = 3;

export function resendAfterNoAnswer(error: unknown, attempt: number): Promise<void> | undefined {
  if (!gotNoAnswer(error) || attempt > QUANTITY_RESENDS) return undefined;
  return afterPauseOnline(retryDelay(attempt - 1));
}

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
 * (totals come from the server), a change that got no answer goes again once there is a
 * connection, other failures toast and reload the order, and leaving the page
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
      resendAfter: resendAfterNoAnswer,
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
