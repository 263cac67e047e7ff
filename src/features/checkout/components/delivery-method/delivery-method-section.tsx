import { useEffect, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import type { CheckoutFormValues } from '@/contract/checkout.ts';
import { LogisticFormValue } from '@/contract/enums.ts';
import type { CheckoutScreen } from '../../lib/checkout-sections.ts';
import { switchMethod } from '../../lib/logistic-choices.ts';
import { useLogisticType } from './logistic-type.ts';
import { useLogisticChange } from './use-logistic-change.ts';
import './delivery-method.css';

export const SHIPPING_RESTRICTION_NOTE =
  'Alguns itens do pedido só estão disponíveis para a modalidade de retirada em loja';

/**
 * Section 2, 'Forma de entrega': 'Entregamos para você' (1) and 'Retirada em loja' (0). Delivery is
 * left out when hidden, disabled with the shipping-restriction note when an item may only be picked
 * up. A change applies the spec's resets (address, pick-up store, seller). The form always holds the
 * method in force, also while the section itself is hidden (seller step, external logistic).
 */
export function DeliveryMethodSection({ ctx }: { ctx: CheckoutScreen }) {
  const { setValue, getValues } = useFormContext<CheckoutFormValues>();
  const value = useLogisticType(ctx);
  const titleId = useId();
  const noteId = useId();
  const { delivery, pickUp, shippingRestrictionNote } = ctx.sections;
  const logisticChange = useLogisticChange();

  // Writes the default (or the forced pick-up) into the form so the draft and the checks see it.
  useEffect(() => {
    if (getValues('logisticType') !== value) setValue('logisticType', value);
  }, [getValues, setValue, value]);

  if (!ctx.sections.deliveryMethod) return null;

  // The order must forget what the screen no longer shows: the other method's option, store or address.
  function choose(next: LogisticFormValue) {
    if (next === value) return;
    logisticChange.apply(switchMethod(next), next);
  }

  const options = [
    ...(delivery !== 'hidden'
      ? [
          {
            value: LogisticFormValue.Delivery,
            label: 'Entregamos para você',
            disabled: delivery === 'disabled',
          },
        ]
      : []),
    ...(pickUp ? [{ value: LogisticFormValue.PickUp, label: 'Retirada em loja', disabled: false }] : []),
  ];

  return (
    <section className="checkout-section delivery-method" aria-labelledby={titleId}>
      <h2 id={titleId}>Forma de entrega</h2>
      <fieldset
        className="delivery-method__options"
        aria-describedby={shippingRestrictionNote ? noteId : undefined}
      >
        <legend className="visually-hidden">Forma de entrega</legend>
        {options.map((option) => (
          <label
            key={option.value}
            className="delivery-method__option"
            data-disabled={option.disabled || undefined}
          >
            <input
              type="radio"
              name="logisticType"
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled || logisticChange.pending}
              onChange={() => choose(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      {shippingRestrictionNote && (
        <p id={noteId} className="delivery-method__note">
          {SHIPPING_RESTRICTION_NOTE}
        </p>
      )}
    </section>
  );
}
