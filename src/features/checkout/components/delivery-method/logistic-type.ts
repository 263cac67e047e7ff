import { useFormContext, useWatch } from 'react-hook-form';
import type { CheckoutFormValues } from '../../../../contract/checkout.ts';
import { LogisticFormValue, LogisticType } from '../../../../contract/enums.ts';
import type { CheckoutScreen } from '../../lib/checkout-sections.ts';

/**
 * The delivery method in force: the form's choice when it is still allowed, else the default (the
 * order's logistic type, StorePickUp → 'Retirada em loja'; 'Retirada em loja' when delivery is hidden
 * or disabled, or when pick-up is off then 'Entregamos para você').
 */
export function effectiveLogisticType(
  ctx: Pick<CheckoutScreen, 'order' | 'sections'>,
  chosen: LogisticFormValue | null | undefined,
): LogisticFormValue {
  const deliveryAllowed = ctx.sections.delivery === 'enabled';
  if (chosen === LogisticFormValue.PickUp && ctx.sections.pickUp) return chosen;
  if (chosen === LogisticFormValue.Delivery && deliveryAllowed) return chosen;
  if (!deliveryAllowed) return LogisticFormValue.PickUp;
  if (!ctx.sections.pickUp) return LogisticFormValue.Delivery;
  return ctx.order.logistic?.type === LogisticType.StorePickUp
    ? LogisticFormValue.PickUp
    : LogisticFormValue.Delivery;
}

/** The delivery method in force, read from the checkout form (see effectiveLogisticType). */
export function useLogisticType(ctx: Pick<CheckoutScreen, 'order' | 'sections'>): LogisticFormValue {
  const { control } = useFormContext<CheckoutFormValues>();
  const chosen = useWatch({ control, name: 'logisticType' });
  return effectiveLogisticType(ctx, chosen);
}
