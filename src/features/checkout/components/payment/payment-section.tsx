import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field.tsx';
import { MoneyField } from '@/components/ui/money-input.tsx';
import type { CheckoutFormValues, PaymentDeliveryBody, PaymentOption } from '@/contract/checkout.ts';
import { PaymentMethod } from '@/contract/enums.ts';
import { isManualPayment } from '@/contract/shop-settings.ts';
import { formatBRL } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { paymentOptionsQuery } from '../../api/list-payment-options.ts';
import { manualPixKeyQuery } from '../../api/manual-pix-key.ts';
import { useSetPaymentOnDelivery } from '../../api/set-payment-on-delivery.ts';
import type { CheckoutScreen } from '../../lib/checkout-sections.ts';
import { switchPayment } from '../../lib/payment-choices.ts';
import {
  cashAmountError,
  isCashGroup,
  manualPaymentError,
  onDeliveryGroups,
  onDeliveryOptionsOf,
  type VisiblePaymentMethod,
  visiblePaymentMethods,
} from '../../lib/payment-methods.ts';
import { heldOnDeliveryValues } from '../../lib/server-held.ts';
import { RenderLater } from '../render-later.tsx';
import './payment-section.css';

export const PAYMENT_OPTIONS_WARNING = 'Falha ao carregar opções de pagamento';
/** A cash amount that is not a number of reais. */
export const CASH_AMOUNT_FORMAT_MESSAGE = 'Informe o valor em reais, por exemplo 50,00';

const dirty = { shouldDirty: true } as const;

/** How long after the last keystroke a valid cash amount is sent. */
const CASH_SEND_DELAY_MS = 800;

/**
 * 'Forma de pagamento' (spec section 2, item 8), shown when the order has items. Manual payment
 * mode asks for the 'Chave PIX', the card link ('Cartão') or shows the custom method; pay on
 * delivery asks for the group ('Tipo de pagamento'), then the cash amount or the means of payment,
 * and sends the choice (POST /api/order/payment/delivery) once it is valid.
 */
export function PaymentSection({ ctx }: { ctx: CheckoutScreen }) {
  if (!ctx.sections.paymentMethod) return null;
  // Below the first screenful on every screen: rendered in a pass of its own (with its options' call),
  // after the items' and the delivery options'.
  return (
    <RenderLater pass={2} placeholder={<div className="checkout-section payment-section--later" />}>
      <PaymentMethodChoice ctx={ctx} />
    </RenderLater>
  );
}

const methodKey = (entry: Pick<VisiblePaymentMethod, 'method'>) => String(entry.method);

function PaymentMethodChoice({ ctx }: { ctx: CheckoutScreen }) {
  const headingId = useId();
  const { setValue, control } = useFormContext<CheckoutFormValues>();
  const method = useWatch({ control, name: 'paymentMethod' });
  const options = useQuery(paymentOptionsQuery);
  const manual = isManualPayment(ctx.settings);
  const methods = visiblePaymentMethods({
    order: ctx.order,
    settings: ctx.settings,
    paymentOptions: options.data,
  });
  const chosen = methods.find((entry) => entry.method === method);
  const clear = useSetPaymentOnDelivery();
  const write = (values: Partial<CheckoutFormValues>) => {
    for (const [name, value] of Object.entries(values))
      setValue(name as keyof CheckoutFormValues, value, dirty);
  };

  function choose(key: string) {
    const entry = methods.find((candidate) => methodKey(candidate) === key);
    // The custom method's text is its name; PIX and card links are typed (or prefilled) below.
    const custom = manual && entry?.method === PaymentMethod.Custom ? entry.label : undefined;
    // Issue 34: what the previous method left goes, on the order too (payment-choices.ts).
    const change = switchPayment(entry?.method, method, ctx.order, custom);
    write(change.values);
    if (!change.clearOnDelivery) return;
    clear.mutate(
      {},
      {
        // The order still pays on delivery: the screen shows what it holds again (server-held.ts).
        onError: (error) => {
          toast.error(error.message);
          write(heldOnDeliveryValues(ctx.order));
        },
      },
    );
  }

  return (
    <section className="checkout-section payment-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Pagamento</h2>
      {options.isError ? (
        <p className="payment-section__warning" role="alert">
          {PAYMENT_OPTIONS_WARNING}
        </p>
      ) : null}
      <FormField label="Forma de pagamento">
        {(a11y) => (
          <select {...a11y} value={chosen ? methodKey(chosen) : ''} onChange={(e) => choose(e.target.value)}>
            <option value="" disabled>
              Selecione a forma de pagamento
            </option>
            {methods.map((entry) => (
              <option key={methodKey(entry)} value={methodKey(entry)}>
                {entry.label}
              </option>
            ))}
          </select>
        )}
      </FormField>

      {manual && chosen?.method === PaymentMethod.Pix ? <ManualPixKey /> : null}
      {manual && chosen?.method === PaymentMethod.CreditCard ? <ManualCardLink /> : null}
      {manual && chosen?.method === PaymentMethod.Custom ? (
        <p className="payment-section__info">{chosen.label}</p>
      ) : null}
      {chosen?.method === PaymentMethod.OnDelivery ? (
        <PayOnDelivery ctx={ctx} options={options.data ?? []} />
      ) : null}
    </section>
  );
}

/** 'Chave PIX': the shop's manual key, prefilled once when the field is empty. */
function ManualPixKey() {
  const { register, setValue, getValues, control } = useFormContext<CheckoutFormValues>();
  const text = useWatch({ control, name: 'manualPaymentOption' });
  const { data: pixKey } = useQuery(manualPixKeyQuery);
  const prefilled = useRef(false);

  useEffect(() => {
    if (prefilled.current || !pixKey) return;
    prefilled.current = true;
    if (!getValues('manualPaymentOption')) setValue('manualPaymentOption', pixKey, dirty);
  }, [pixKey, getValues, setValue]);

  return (
    <FormField label="Chave PIX" error={manualPaymentError(PaymentMethod.Pix, text)}>
      {(a11y) => <input {...a11y} type="text" autoComplete="off" {...register('manualPaymentOption')} />}
    </FormField>
  );
}

/**
 * 'Cartão': the card payment link sent to the contact; it must be an http(s) address. Neither manual
 * text has a maxLength: the browser would cut a pasted key or link silently, and a link cut short
 * is a wrong link; the field says 'Use no máximo 2000 caracteres.' instead.
 */
function ManualCardLink() {
  const { register, control } = useFormContext<CheckoutFormValues>();
  const text = useWatch({ control, name: 'manualPaymentOption' });
  return (
    <FormField label="Cartão" error={manualPaymentError(PaymentMethod.CreditCard, text)}>
      {(a11y) => (
        <input
          {...a11y}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          {...register('manualPaymentOption')}
        />
      )}
    </FormField>
  );
}

/** 'Pagar na entrega': the group, then the cash amount ('Dinheiro') or the means of payment. */
function PayOnDelivery({ ctx, options }: { ctx: CheckoutScreen; options: readonly PaymentOption[] }) {
  const { setValue, control } = useFormContext<CheckoutFormValues>();
  const [group, optionId, cashAmount] = useWatch({
    control,
    name: ['paymentOptionGroup', 'paymentOptionId', 'cashAmount'],
  });
  const setOnDelivery = useSetPaymentOnDelivery();
  const [serverError, setServerError] = useState<string>();
  const lastSent = useRef<string | undefined>(undefined);
  const groups = onDeliveryGroups(options);
  const means = onDeliveryOptionsOf(options, group).filter(
    (option): option is PaymentOption & { providerId: string } => Boolean(option.providerId),
  );
  const cash = isCashGroup(group);

  function send(body: PaymentDeliveryBody) {
    const key = JSON.stringify(body);
    if (key === lastSent.current) return;
    lastSent.current = key;
    setServerError(undefined);
    setOnDelivery.mutate(body, {
      onError: (error) => {
        lastSent.current = undefined;
        setServerError(error.message);
      },
    });
  }

  function chooseGroup(next: string) {
    setValue('paymentOptionGroup', next || undefined, dirty);
    setValue('paymentOptionId', undefined, dirty);
    setValue('cashAmount', undefined, dirty);
    setServerError(undefined);
  }

  function chooseMeans(providerId: string) {
    setValue('paymentOptionId', providerId || undefined, dirty);
    if (group && providerId) send({ type: group, providerId });
  }

  function sendCash(amount: number | undefined) {
    if (!group || cashAmountError(amount, ctx.order.totalAmout)) return;
    // Cash needs no choice of means: the group's first option stands for it.
    const providerId = onDeliveryOptionsOf(options, group)[0]?.providerId;
    send({ type: group, cashAmount: amount, ...(providerId ? { providerId } : {}) });
  }

  return (
    <div className="payment-section__on-delivery">
      <FormField label="Tipo de pagamento">
        {(a11y) => (
          <select {...a11y} value={group ?? ''} onChange={(e) => chooseGroup(e.target.value)}>
            <option value="" disabled>
              Selecione o tipo de pagamento
            </option>
            {groups.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {group && cash ? (
        <CashAmount
          amount={cashAmount ?? undefined}
          total={ctx.order.totalAmout}
          serverError={serverError}
          onAmount={(amount) => {
            setServerError(undefined);
            setValue('cashAmount', amount, dirty);
          }}
          onDone={sendCash}
        />
      ) : null}
      {group && !cash ? (
        <FormField label="Meio de pagamento" error={serverError}>
          {(a11y) => (
            <select {...a11y} value={optionId ?? ''} onChange={(e) => chooseMeans(e.target.value)}>
              <option value="" disabled>
                Selecione o meio de pagamento
              </option>
              {means.map((option) => (
                <option key={option.providerId} value={option.providerId}>
                  {option.name ?? option.providerId}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
    </div>
  );
}

type CashAmountProps = {
  amount: number | undefined;
  total: number | null | undefined;
  serverError: string | undefined;
  onAmount(amount: number | undefined): void;
  /** The field was left (or Enter pressed) with this amount. */
  onDone(amount: number | undefined): void;
};

/** 'Valor em espécie': reais as typed ('50', '50,00', '1.234,56'); at least the order total. */
function CashAmount({ amount, total, serverError, onAmount, onDone }: CashAmountProps) {
  // The amount reaches the order a moment after typing stops, not only when the field is left: the
  // finish is offered once the order holds the amount the field shows (the amount typed: the field
  // hands it over on every keystroke).
  const latestDone = useRef(onDone);
  latestDone.current = onDone;
  useEffect(() => {
    if (amount === undefined) return;
    const timer = setTimeout(() => latestDone.current(amount), CASH_SEND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [amount]);

  // The change due, with the total as it stands (it follows the order).
  const change = amount === undefined ? 0 : Math.round(amount * 100) - Math.round((total ?? 0) * 100);
  return (
    <MoneyField
      label="Valor em espécie"
      notAmountError={CASH_AMOUNT_FORMAT_MESSAGE}
      hint={change > 0 ? `Troco: ${formatBRL(change / 100)}` : undefined}
      error={serverError || (amount === undefined ? undefined : cashAmountError(amount, total))}
      value={amount}
      onChange={onAmount}
      onEnter={onDone}
      onBlur={onDone}
    />
  );
}
