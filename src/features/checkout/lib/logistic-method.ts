// The delivery method in force on the screen ('Entregamos para você' or 'Retirada em loja').
import { LogisticFormValue, LogisticType } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { CheckoutSections } from './checkout-sections.ts';

/** The form value of a logistic the server holds: StorePickUp is pick-up, the others deliver. */
export const methodOfLogistic = (type: LogisticType | null | undefined): LogisticFormValue | undefined => {
  if (type == null) return undefined;
  return type === LogisticType.StorePickUp ? LogisticFormValue.PickUp : LogisticFormValue.Delivery;
};

/**
 * The delivery method in force: the form's choice when it is still allowed, else the default (the
 * order's logistic type, StorePickUp → 'Retirada em loja'; 'Retirada em loja' when delivery is hidden
 * or disabled, or when pick-up is off then 'Entregamos para você').
 */
export function effectiveLogisticType(
  ctx: { order: Pick<Order, 'logistic'>; sections: Pick<CheckoutSections, 'delivery' | 'pickUp'> },
  chosen: LogisticFormValue | null | undefined,
): LogisticFormValue {
  const deliveryAllowed = ctx.sections.delivery === 'enabled';
  if (chosen === LogisticFormValue.PickUp && ctx.sections.pickUp) return chosen;
  if (chosen === LogisticFormValue.Delivery && deliveryAllowed) return chosen;
  if (!deliveryAllowed) return LogisticFormValue.PickUp;
  if (!ctx.sections.pickUp) return LogisticFormValue.Delivery;
  return methodOfLogistic(ctx.order.logistic?.type) ?? LogisticFormValue.Delivery;
}
