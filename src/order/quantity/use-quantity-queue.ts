import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { OrderItem } from '@/contract/order.ts';
import { gotNoAnswer } from '@/lib/api-client.ts';
import { afterPauseOnline } from '@/lib/network-status.ts';
import { retryDelay } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';
import { currentOrderQuery } from '../api/get-current-order.ts';
import { UPDATE_ORDER_ITEM_FAILED, updateOrderItem } from '../api/update-order-item.ts';
import { createQuantityQueue, type LineChange, type QuantityQueue } from './quantity-queue.ts';

export const QUANTITY_UPDATE_FAILED =
  'Não foi possível atualizar a quantidade. Mostramos a quantidade salva.';
export const NOTE_UPDATE_FAILED = 'Não foi possível salvar a observação. Tente novamente.';

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

/** A failed send that carried a note: the note is what the shopper typed last, so it is named. */
export function lineFailureText(message: string | undefined, change: Pick<LineChange, 'note'>): string {
  if (change.note === undefined) return quantityFailureText(message);
  if (!message || message === UPDATE_ORDER_ITEM_FAILED) return NOTE_UPDATE_FAILED;
  return `${message} A observação não foi salva.`;
}

type QuantityItem = Pick<OrderItem, 'index' | 'providerId' | 'quantity' | 'sku'>;

export type NoteStatus = 'saving' | 'saved' | 'failed';

export type UseQuantityQueue = {
  /** The quantity to show: the shopper's unsaved or in-flight change, else the server's. */
  quantityOf(item: QuantityItem): number;
  /** Records the new absolute quantity (0 removes); sent after a 1-second pause. */
  setQuantity(item: QuantityItem, quantity: number): void;
  /** Records the note as typed so far; saved a second after the last key, with the line's quantity. */
  setNote(item: QuantityItem, note: string): void;
  /** Where the line's note stands since this screen opened: undefined until it is first changed. */
  noteStatus(item: Pick<OrderItem, 'index'>): NoteStatus | undefined;
  /** Sends every waiting change now (before confirming or going to checkout); true when all saved. */
  flush(): Promise<boolean>;
  /**
   * True while a quantity change waits or is in flight: the order's money may still change. (A note
   * being saved is not: confirming sends it first, flush.)
   */
  pending: boolean;
};

/**
 * The cart's line changes (quantities and notes), one queue per mount: answers replace the cached
 * current order (totals come from the server), a change that got no answer goes again once there
 * is a connection, other failures toast and reload the order, and leaving the page (pagehide, tab
 * hidden: sends that outlive it) or the screen (unmount) sends what is still waiting.
 */
export function useQuantityQueue(): UseQuantityQueue {
  const queryClient = useQueryClient();
  // How each note sent from this screen ended (the queue's version re-renders when it changes).
  const [noteOutcomes] = useState(() => new Map<number, Exclude<NoteStatus, 'saving'>>());
  const [queue] = useState<QuantityQueue>(() =>
    createQuantityQueue({
      send: async (update, options) => {
        const order = await updateOrderItem(update, options);
        if (update.preferences !== undefined) noteOutcomes.set(Number(update.index), 'saved');
        return order;
      },
      onOrder: (order) => {
        // A load started before this change must not overwrite its answer.
        void queryClient.cancelQueries({ queryKey: currentOrderQuery.queryKey });
        queryClient.setQueryData(currentOrderQuery.queryKey, order);
      },
      resendAfter: resendAfterNoAnswer,
      onFailure: (line, message, _error, change) => {
        if (change.note !== undefined) noteOutcomes.set(line.index, 'failed');
        toast.error(lineFailureText(message, change), { id: FAILURE_TOAST_ID });
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
  const noteStatus = useCallback(
    (item: Pick<OrderItem, 'index'>): NoteStatus | undefined =>
      version >= 0 && queue.pendingNote(item.index) !== undefined ? 'saving' : noteOutcomes.get(item.index),
    [queue, version, noteOutcomes],
  );
  const setNote = useCallback(
    (item: QuantityItem, note: string) =>
      queue.setNote(
        {
          index: item.index,
          providerId: item.providerId,
          sku: item.sku ?? undefined,
          quantity: queue.pendingQuantity(item.index) ?? item.quantity,
        },
        note,
      ),
    [queue],
  );
  const flush = useCallback(() => queue.flush(), [queue]);

  return { quantityOf, setQuantity, setNote, noteStatus, flush, pending: queue.hasPendingQuantity() };
}
