import { useFormContext, useWatch } from 'react-hook-form';
import type { CheckoutFormValues } from '@/contract/checkout.ts';
import type { LogisticFormValue } from '@/contract/enums.ts';
import type { CheckoutScreen } from '../../lib/checkout-sections.ts';
import { effectiveLogisticType } from '../../lib/logistic-method.ts';

/** The delivery method in force, read from the checkout form (see effectiveLogisticType). */
export function useLogisticType(ctx: Pick<CheckoutScreen, 'order' | 'sections'>): LogisticFormValue {
  const { control } = useFormContext<CheckoutFormValues>();
  const chosen = useWatch({ control, name: 'logisticType' });
  return effectiveLogisticType(ctx, chosen);
}
