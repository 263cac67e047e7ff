import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onOrderChangedElsewhere } from '@/lib/order-changed.ts';
import { currentOrderQuery } from './api/get-current-order.ts';

/**
 * The screens that commit money (the checkout, the card page) never show a stale order: they read it
 * again when the tab comes back (focus, visible again) and when another page of the shopper changed
 * it (lib/order-changed.ts). A hidden page only marks it stale and reads it when it is seen again.
 * Whatever depends on the total (the card plans) is keyed by it, so it is read again too.
 */
export function useOrderStaysFresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reread = () => {
      const hidden = document.visibilityState === 'hidden';
      // Coming back to a tab fires both focus and visibilitychange: a read already on its way is
      // kept (cancelRefetch false), so the order is read once, not twice.
      void queryClient.invalidateQueries(
        { queryKey: currentOrderQuery.queryKey, refetchType: hidden ? 'none' : 'active' },
        { cancelRefetch: false },
      );
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') reread();
    };
    const stopHearing = onOrderChangedElsewhere(reread);
    window.addEventListener('focus', reread);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopHearing();
      window.removeEventListener('focus', reread);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queryClient]);
}
