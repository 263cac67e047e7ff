import { useIsMutating } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { MoneyField } from '@/components/ui/money-input.tsx';
import { type CheckoutFormValues, MAX_COUPON } from '@/contract/checkout.ts';
import type { Order } from '@/contract/order.ts';
import { formatBRL } from '@/lib/format.ts';
import { useApplyCoupon } from '../../api/apply-coupon.ts';
import { useApplyDiscount } from '../../api/apply-discount.ts';
import { UPDATE_CUSTOMER_MUTATION_KEY } from '../../api/update-customer.ts';
import type { CheckoutScreen } from '../../lib/checkout-sections.ts';
import { readableMessage, tooLongMessage } from '../../lib/server-message.ts';
import { summaryRows } from '../../lib/summary-rows.ts';
import './summary-section.css';

/** A manual discount that is not a number of reais. */
export const DISCOUNT_FORMAT_MESSAGE = 'Informe o valor em reais, por exemplo 10,00';

/**
 * 'Resumo' (spec section 2, item 9): the coupon field or the operator's manual 'Desconto' (when
 * coupons are allowed), and the order's rows. 'Recalculando...' while an order change runs. A refused
 * coupon or discount opens the 'Cupom' dialog with the server's message and clears the field back to
 * what the order holds (the coupon or discount still applied, or nothing).
 */
export function SummarySection({ ctx }: { ctx: CheckoutScreen }) {
  const headingId = useId();
  // Saving the contact data changes no amount; every other ['order', …] change may.
  const recalculating =
    useIsMutating({
      predicate: (mutation) => {
        const key = mutation.options.mutationKey;
        return key?.[0] === 'order' && key[1] !== UPDATE_CUSTOMER_MUTATION_KEY[1];
      },
    }) > 0;
  const [couponError, setCouponError] = useState<string>();

  return (
    <section
      className="checkout-section summary-section"
      aria-labelledby={headingId}
      aria-busy={recalculating}
    >
      <div className="summary-section__header">
        <h2 id={headingId}>Resumo</h2>
        <p className="summary-section__status" role="status">
          {recalculating ? 'Recalculando...' : ''}
        </p>
      </div>
      {ctx.sections.coupon === 'coupon' ? (
        <CouponField applied={ctx.order.coupon ?? ''} onError={setCouponError} />
      ) : null}
      {ctx.sections.coupon === 'manual-discount' ? <ManualDiscountField onError={setCouponError} /> : null}
      <SummaryRows order={ctx.order} />
      {couponError !== undefined ? (
        <Modal
          title="Cupom"
          role="alertdialog"
          onClose={() => setCouponError(undefined)}
          actions={
            <button type="button" className="button" onClick={() => setCouponError(undefined)}>
              Ok
            </button>
          }
        >
          <p>{couponError}</p>
        </Modal>
      ) : null}
    </section>
  );
}

/** Enter in a field applies it (no nested form: the sections may sit inside the page's form). */
const onEnter = (apply: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  apply();
};

/**
 * 'Cupom de desconto' + 'Aplicar', and 'Remover cupom' while one is applied (an empty coupon removes
 * it). No maxLength: a pasted code cut short would be another code; the field says the bound instead.
 */
function CouponField({ applied, onError }: { applied: string; onError(message: string): void }) {
  const { register, setValue, getValues, control } = useFormContext<CheckoutFormValues>();
  const typed = useWatch({ control, name: 'coupon' }) ?? '';
  const apply = useApplyCoupon();
  const tooLong = typed.trim().length > MAX_COUPON ? tooLongMessage(MAX_COUPON) : undefined;

  function send(code: string) {
    if (apply.isPending) return;
    apply.mutate(code, {
      onSuccess: (order) => setValue('coupon', order.coupon ?? '', { shouldDirty: true }),
      onError: (error) => {
        // The order keeps the coupon it had: the field shows it again.
        setValue('coupon', applied, { shouldDirty: true });
        onError(readableMessage(error.message));
      },
    });
  }

  function submit() {
    if (!tooLong) send((getValues('coupon') ?? '').trim());
  }

  return (
    <div className="summary-section__apply">
      <FormField label="Cupom de desconto" error={tooLong}>
        {(a11y) => (
          <input
            {...a11y}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...register('coupon')}
            onKeyDown={onEnter(submit)}
          />
        )}
      </FormField>
      <button
        type="button"
        className="button"
        onClick={submit}
        disabled={apply.isPending || typed.trim() === '' || tooLong !== undefined}
      >
        Aplicar
      </button>
      {applied ? (
        <button
          type="button"
          className="button button--outline summary-section__remove"
          onClick={() => send('')}
          disabled={apply.isPending}
        >
          Remover cupom
        </button>
      ) : null}
    </div>
  );
}

/** The operator's manual 'Desconto' in reais + 'Aplicar' (0 removes it). */
function ManualDiscountField({ onError }: { onError(message: string): void }) {
  const { setValue, control } = useFormContext<CheckoutFormValues>();
  // The amount typed (the field writes it on every keystroke); a draft restored shows in the field.
  const amount = useWatch({ control, name: 'manualDiscount' }) ?? undefined;
  const apply = useApplyDiscount();
  // The discount the order holds, as far as this screen knows: the one it opened with (the draft's),
  // then each one applied.
  const applied = useRef(amount);

  function submit() {
    if (apply.isPending || amount === undefined) return;
    apply.mutate(amount, {
      onSuccess: () => {
        applied.current = amount;
      },
      onError: (error) => {
        // The order keeps the discount it had: the field shows it again.
        setValue('manualDiscount', applied.current, { shouldDirty: true });
        onError(readableMessage(error.message));
      },
    });
  }

  return (
    <div className="summary-section__apply">
      <MoneyField
        label="Desconto"
        notAmountError={DISCOUNT_FORMAT_MESSAGE}
        value={amount}
        onChange={(typed) => setValue('manualDiscount', typed, { shouldDirty: true })}
        onEnter={submit}
      />
      <button
        type="button"
        className="button"
        onClick={submit}
        disabled={apply.isPending || amount === undefined}
      >
        Aplicar
      </button>
    </div>
  );
}

/** The order's amounts as the server computed them: every amount in the total has a row. */
function SummaryRows({ order }: { order: Order }) {
  return (
    <dl className="summary-section__rows">
      {summaryRows(order).map((row) => {
        if (row.kind === 'coupon') return <RowPair key={row.label} label={row.label} value={row.text} />;
        if (row.kind === 'total') {
          return (
            <RowPair
              key={row.label}
              label={row.label}
              value={formatBRL(row.amount)}
              className="summary-section__total"
            />
          );
        }
        let value = formatBRL(row.amount);
        if (row.free) value = 'Grátis';
        else if (row.amount < 0) value = `-${formatBRL(-row.amount)}`;
        return <RowPair key={row.label} label={row.label} value={value} />;
      })}
    </dl>
  );
}

function RowPair({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <>
      <dt className={className}>{label}</dt>
      <dd className={className}>{value}</dd>
    </>
  );
}
