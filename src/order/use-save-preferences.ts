import type { OrderItem } from '@/contract/order.ts';
import { toast } from '@/lib/toast.ts';
import { useUpdateOrderItem } from './api/update-order-item.ts';
import type { UseQuantityQueue } from './quantity/use-quantity-queue.ts';

/**
 * Saves an item's free-text preferences (cart and checkout). They go with the item's saved quantity:
 * pending quantities are sent first, in order.
 */
export function useSavePreferences(queue: Pick<UseQuantityQueue, 'flush' | 'quantityOf'>) {
  const update = useUpdateOrderItem();
  return async function savePreferences(item: OrderItem, preferences: string) {
    await queue.flush();
    update.mutate(
      {
        index: String(item.index),
        providerId: item.providerId,
        quantity: queue.quantityOf(item),
        sku: item.sku ?? undefined,
        preferences,
      },
      {
        onSuccess: () => toast.success('Observação salva', { id: `observacao-${item.index}` }),
        onError: (error) => toast.error(error.message),
      },
    );
  };
}
