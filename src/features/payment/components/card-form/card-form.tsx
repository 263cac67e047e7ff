import { type JSX, useEffect, useId, useMemo, useRef } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field.tsx';
import { MaskedField } from '@/components/ui/masked-field.tsx';
import { CEP_INPUT, CPF_INPUT } from '@/components/ui/masks.ts';
import { WindowBottomBar } from '@/components/ui/window-bottom-bar.tsx';
import { formatCnpj, formatCpf } from '@/contract/br-docs.ts';
import type { CardPaymentPayload, CreditCardOption } from '@/contract/checkout.ts';
import type { Order } from '@/contract/order.ts';
import { toast } from '@/lib/toast.ts';
import {
  acceptedBrands,
  brandName,
  type CardBrand,
  detectBrand,
  securityCodeLength,
} from '../../lib/card-brand.ts';
import { CARD_NUMBER_INPUT } from '../../lib/card-number-mask.ts';
import {
  CARD_FORM_INVALID_MESSAGE,
  type CardFormValues,
  cardFormProblems,
  toCardPayload,
} from '../../lib/card-rules.ts';
import { planTotal } from '../../lib/installment-label.ts';
import { AcceptedBrands } from './accepted-brands.tsx';
import { CARD_EXPIRY_INPUT, CPF_OR_CNPJ_INPUT, shortExpiry } from './card-masks.ts';
import { CardPreview } from './card-preview.tsx';
import { InstallmentsSelect, installmentChoices } from './installments-select.tsx';
import './card-form.css';
import { SecurePaymentNote } from './secure-payment-note.tsx';

export type CardFormProps = {
  order: Order; // amount, customer (prefill document), customer.address (prefill billing)
  cardOptions: CreditCardOption[]; // from GET /api/order/payment/credit (providerId, name, installments)
  enableCnpj: boolean; // document may be a CNPJ (alphanumeric-aware)
  busy: boolean; // 'Processando...' on the submit button, inputs disabled
  refreshing?: boolean; // the plans of a new total are being read: 'Atualizando pedido', no paying
  onInstallmentsChange(choice: { providerId: string; installments: number }): void; // page calls setInstallments
  onSubmit(payload: Omit<CardPaymentPayload, 'recaptchaKey' | 'recaptchaToken'>): void; // only when valid
};

/** The submit button's label, and its label while the payment is sent. */
export const CARD_SUBMIT_LABEL = 'Finalizar pagamento';
export const CARD_BUSY_LABEL = 'Processando...';
/** The spec's busy text, while the plans of a changed total are read. */
export const CARD_REFRESHING_LABEL = 'Atualizando pedido';
/** The chosen number of installments is not offered for the new total. */
export const INSTALLMENTS_RESET_MESSAGE =
  'O total do pedido mudou e as parcelas escolhidas não estão mais disponíveis. Confira as parcelas.';

/** Marks the card number input, for focusCardNumber(). */
const NUMBER_FIELD_ATTRIBUTE = 'data-card-field';

/** Puts the focus on the card number ('Modificar dados' after a decline). */
export function focusCardNumber(root: ParentNode = document): void {
  root.querySelector<HTMLInputElement>(`[${NUMBER_FIELD_ATTRIBUTE}="number"]`)?.focus();
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/** 'Bandeira: Visa' once the number shows its brand; a brand the options do not take is said so. */
function brandHint(brand: CardBrand | null, accepted: readonly CardBrand[]): string {
  if (!brand) return '';
  const refused = accepted.length > 0 && !accepted.includes(brand);
  return `Bandeira: ${brandName(brand)}${refused ? ', não aceita nesta loja' : ''}`;
}

function formatCep(cep: string | null | undefined): string {
  const digits = onlyDigits(cep ?? '');
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : (cep ?? '');
}

function defaultValues(order: Order, cardOptions: CreditCardOption[], enableCnpj: boolean): CardFormValues {
  const customer = order.customer;
  const address = customer?.address;
  const chosen = cardOptions.find((option) => option.providerId === order.payment?.providerId);
  const providerId =
    chosen?.providerId ?? (cardOptions.length === 1 ? (cardOptions[0]?.providerId ?? '') : '');
  const option = cardOptions.find((item) => item.providerId === providerId);
  const counts = installmentChoices(option?.installments, order.totalAmout).map((item) => item.count);
  const installments = order.payment?.installments;
  const document =
    enableCnpj && customer?.isCorporate && customer.corporateDocument
      ? formatCnpj(customer.corporateDocument)
      : formatCpf(customer?.document ?? '');
  return {
    providerId,
    installments:
      typeof installments === 'number' && counts.includes(installments) ? installments : (counts[0] ?? 1),
    number: '',
    name: '',
    expiry: '',
    securityCode: '',
    document,
    zipCode: formatCep(address?.zipCode),
    address: address?.street ?? '',
    addressNumber: address?.number ?? '',
    complement: address?.complement ?? '',
    neighborhood: address?.neighborhood ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
  };
}

/** react-hook-form resolver over the spec's rules (cardFormProblems). */
function cardResolver(enableCnpj: boolean): Resolver<CardFormValues> {
  return (values) => {
    const problems = cardFormProblems(values, { enableCnpj });
    const entries = Object.entries(problems);
    if (entries.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(entries.map(([field, message]) => [field, { type: 'validation', message }])),
    };
  };
}

/**
 * The card payment form (spec "Card payment page", sections 3 and 5): card type, number, name,
 * expiry, security code, CPF (or CNPJ), installments and the billing address, with a live card
 * preview. Card inputs carry no name attribute (nothing of theirs is ever submitted by the browser
 * or remembered by the form), only cc-* autocomplete; card data is never stored nor logged. A
 * valid submit hands the payload to onSubmit and clears the security code (PCI DSS 3.3.1.2: kept
 * no longer than needed); an invalid one toasts the spec's message, marks the fields and focuses
 * the first.
 */
export function CardForm({
  order,
  cardOptions,
  enableCnpj,
  busy,
  refreshing = false,
  onInstallmentsChange,
  onSubmit,
}: CardFormProps): JSX.Element {
  const headingId = useId();
  const billingId = useId();
  const resolver = useMemo(() => cardResolver(enableCnpj), [enableCnpj]);
  const formRef = useRef<HTMLFormElement>(null);
  const { control, handleSubmit, watch, setValue, register, formState } = useForm<CardFormValues>({
    resolver,
    defaultValues: defaultValues(order, cardOptions, enableCnpj),
    // The form focuses the first invalid field itself, in screen order (below).
    shouldFocusError: false,
  });
  const { errors, submitCount } = formState;

  // After an invalid submit, the first field marked invalid in screen order takes the focus (its
  // label and its error are read), whatever order the fields were registered in.
  useEffect(() => {
    if (submitCount === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  const number = watch('number');
  const providerId = watch('providerId');
  const brand = detectBrand(number);
  const codeLength = securityCodeLength(number);
  const option = cardOptions.find((item) => item.providerId === providerId);
  const installments = installmentChoices(option?.installments, order.totalAmout);
  const brands = acceptedBrands(cardOptions, providerId);
  const chosenPlan = installments.find((item) => item.count === watch('installments'));
  const total = (chosenPlan && planTotal(chosenPlan, order.totalAmout)) ?? order.totalAmout;
  const firstCount = installments[0]?.count ?? 1;

  // The plans of a new total no longer offer the chosen count: the first one is chosen (on the server
  // too), and the shopper is told. A count still offered stays chosen (the server holds the count).
  const latestChange = useRef(onInstallmentsChange);
  latestChange.current = onInstallmentsChange;
  const offered = chosenPlan !== undefined;
  useEffect(() => {
    if (offered) return;
    setValue('installments', firstCount);
    if (providerId) latestChange.current({ providerId, installments: firstCount });
    toast(INSTALLMENTS_RESET_MESSAGE, { id: 'installments-reset' });
  }, [offered, firstCount, providerId, setValue]);

  // A chosen option that disappears from the list (reloaded options) is no choice; a single option
  // left is the choice (its select is not shown, so nothing else could choose it).
  useEffect(() => {
    if (cardOptions.some((item) => item.providerId === providerId)) return;
    const only = cardOptions.length === 1 ? (cardOptions[0]?.providerId ?? '') : '';
    if (only !== providerId) setValue('providerId', only);
  }, [cardOptions, providerId, setValue]);

  const submit = handleSubmit(
    (values) => {
      onSubmit(toCardPayload(values));
      setValue('securityCode', '');
    },
    () => {
      toast.error(CARD_FORM_INVALID_MESSAGE);
    },
  );

  return (
    <form ref={formRef} className="card-form" noValidate aria-labelledby={headingId} onSubmit={submit}>
      <h2 id={headingId} className="visually-hidden">
        Dados do cartão
      </h2>
      <CardPreview brand={brand} number={number} name={watch('name')} expiry={watch('expiry')} />
      <fieldset className="card-form__fields" disabled={busy}>
        <legend className="visually-hidden">Dados do cartão</legend>
        {cardOptions.length !== 1 ? (
          <FormField label="Tipo de cartão" error={errors.providerId?.message} className="card-form__wide">
            {(a11y) => (
              <Controller
                control={control}
                name="providerId"
                render={({ field }) => (
                  <select
                    {...a11y}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      const chosen = event.target.value;
                      field.onChange(chosen);
                      const next = cardOptions.find((item) => item.providerId === chosen);
                      const first = installmentChoices(next?.installments, order.totalAmout)[0]?.count ?? 1;
                      setValue('installments', first);
                      if (chosen) onInstallmentsChange({ providerId: chosen, installments: first });
                    }}
                  >
                    <option value="">Selecione</option>
                    {cardOptions.map((item) => (
                      <option key={item.providerId} value={item.providerId}>
                        {item.name ?? item.providerId}
                      </option>
                    ))}
                  </select>
                )}
              />
            )}
          </FormField>
        ) : null}

        <AcceptedBrands brands={brands} detected={brand} />

        <MaskedField
          label="Número do cartão"
          error={errors.number?.message}
          // Read with the field, and said as soon as the number shows its brand.
          hint={<span aria-live="polite">{brandHint(brand, brands)}</span>}
          className="card-form__wide"
          control={control}
          name="number"
          // Grouped as printed on the card (4-4-4-4, American Express 4-6-5) while it is typed.
          mask={CARD_NUMBER_INPUT}
          {...{ [NUMBER_FIELD_ATTRIBUTE]: 'number' }}
          type="text"
          spellCheck={false}
        />

        <MaskedField
          label="Nome impresso no cartão"
          error={errors.name?.message}
          className="card-form__wide"
          control={control}
          name="name"
          type="text"
          autoComplete="cc-name"
          autoCapitalize="characters"
          spellCheck={false}
        />

        <MaskedField
          label="Validade"
          error={errors.expiry?.message}
          control={control}
          name="expiry"
          mask={CARD_EXPIRY_INPUT}
          onAccept={(expiry) => {
            if (shortExpiry(expiry) !== expiry) setValue('expiry', shortExpiry(expiry));
          }}
        />

        <MaskedField
          label="Código de segurança"
          error={errors.securityCode?.message}
          hint={`${codeLength} dígitos no verso do cartão${codeLength === 4 ? ' (na frente, no American Express)' : ''}`}
          control={control}
          name="securityCode"
          format={(typed) => onlyDigits(typed).slice(0, codeLength)}
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
        />

        <MaskedField
          label={enableCnpj ? 'CPF ou CNPJ' : 'CPF'}
          error={errors.document?.message}
          className="card-form__wide"
          control={control}
          name="document"
          mask={enableCnpj ? CPF_OR_CNPJ_INPUT : CPF_INPUT}
        />

        <FormField label="Parcelas" className="card-form__wide">
          {(a11y) => (
            <Controller
              control={control}
              name="installments"
              render={({ field }) => (
                <InstallmentsSelect
                  control={a11y}
                  selectRef={field.ref}
                  installments={installments}
                  total={order.totalAmout}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(count) => {
                    field.onChange(count);
                    if (providerId) onInstallmentsChange({ providerId, installments: count });
                  }}
                />
              )}
            />
          )}
        </FormField>
      </fieldset>

      <fieldset className="card-form__fields" disabled={busy} aria-labelledby={billingId}>
        <h3 id={billingId} className="card-form__title card-form__wide">
          Endereço de cobrança
        </h3>
        <MaskedField
          label="CEP"
          error={errors.zipCode?.message}
          control={control}
          name="zipCode"
          named
          mask={CEP_INPUT}
          autoComplete="billing postal-code"
        />
        <FormField label="Endereço" error={errors.address?.message} className="card-form__wide">
          {(a11y) => (
            <input {...a11y} type="text" autoComplete="billing address-line1" {...register('address')} />
          )}
        </FormField>
        <FormField label="Número" error={errors.addressNumber?.message}>
          {(a11y) => <input {...a11y} type="text" autoComplete="off" {...register('addressNumber')} />}
        </FormField>
        <FormField label="Complemento" error={errors.complement?.message}>
          {(a11y) => (
            <input {...a11y} type="text" autoComplete="billing address-line2" {...register('complement')} />
          )}
        </FormField>
        <FormField label="Bairro" error={errors.neighborhood?.message}>
          {(a11y) => (
            <input
              {...a11y}
              type="text"
              autoComplete="billing address-level3"
              {...register('neighborhood')}
            />
          )}
        </FormField>
        <FormField label="Cidade" error={errors.city?.message}>
          {(a11y) => (
            <input {...a11y} type="text" autoComplete="billing address-level2" {...register('city')} />
          )}
        </FormField>
        <FormField label="Estado" error={errors.state?.message}>
          {(a11y) => (
            <input {...a11y} type="text" autoComplete="billing address-level1" {...register('state')} />
          )}
        </FormField>
      </fieldset>

      {/* On a phone this bar stays at the bottom of the window (window-bottom-bar.css), as the checkout's: what
          is charged and the pay button in view wherever the shopper is in the form. */}
      {/* The total is also above the form ('Total do pedido') and in the installments' option. */}
      <WindowBottomBar className="card-form__bar" total={total} totalClassName="card-form__total">
        <button
          type="submit"
          className="button card-form__submit"
          disabled={busy || refreshing}
          aria-busy={busy || refreshing}
        >
          {busy ? CARD_BUSY_LABEL : refreshing ? CARD_REFRESHING_LABEL : CARD_SUBMIT_LABEL}
        </button>
        <SecurePaymentNote />
      </WindowBottomBar>
    </form>
  );
}
