import { useQueryClient } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import type { CheckoutFormValues } from '@/contract/checkout.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { serverHeldValues } from './server-held.ts';

/**
 * After a failed change the screen goes back to what the server holds (logistic with its store or
 * address, seller, schedule, pay on delivery, price table, coupon), so it never shows a choice the
 * finish would not confirm.
 */
export function useShowServerChoices(): () => void {
  const queryClient = useQueryClient();
  const { setValue } = useFormContext<CheckoutFormValues>();
  return () => {
    const order = queryClient.getQueryData(currentOrderQuery.queryKey);
    if (!order) return;
    for (const [name, value] of Object.entries(serverHeldValues(order))) {
      setValue(name as keyof CheckoutFormValues, value as never, { shouldDirty: true });
    }
  };
}
