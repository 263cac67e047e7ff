// The payment method select (spec section 2, item 8), pay on delivery and the finish button label.
import {
  CASH_BELOW_TOTAL_MESSAGE,
  CASH_PAYMENT_GROUP,
  isPaymentLink,
  type PaymentOption,
} from '@/contract/checkout.ts';
import { PaymentMethod } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { MAX_FREE_TEXT } from '@/contract/shared.ts';
import { isManualPayment, type ShopSettings } from '@/contract/shop-settings.ts';
import { tooLongMessage } from './server-message.ts';

/** The select's labels. Custom (7) shows its option's name instead. */
export const PAYMENT_METHOD_LABELS: Partial<Record<PaymentMethod, string>> = {
  [PaymentMethod.CreditCard]: 'Cartão de Crédito',
  [PaymentMethod.Pix]: 'PIX',
  [PaymentMethod.Nubank]: 'Nubank',
  [PaymentMethod.Link]: 'Link',
  [PaymentMethod.Boleto]: 'Boleto',
  [PaymentMethod.OnDelivery]: 'Pagar na entrega',
};

/** A manual card link that is not an http(s) address. */
export const INVALID_LINK_MESSAGE = 'Insira um link válido';
/** Cash handed over below the order total. */
export const CASH_AMOUNT_MESSAGE = CASH_BELOW_TOTAL_MESSAGE;

export type VisiblePaymentMethod = { method: PaymentMethod; label: string; optionId?: string };

export type VisiblePaymentMethodsInput = {
  order: Pick<Order, 'items'> &
    Partial<
      Pick<
        Order,
        | 'enableCreditPayment'
        | 'enablePixPayment'
        | 'enableNubankPayment'
        | 'enableLinkPayment'
        | 'enableBoletoPayment'
      >
    >;
  settings: Pick<ShopSettings, 'payment'>;
  /** The payment options (undefined while loading or when the list failed). */
  paymentOptions: readonly PaymentOption[] | null | undefined;
};

/** The shop's custom payment option (method 7), if any. */
export const customPaymentOption = (
  options: readonly PaymentOption[] | null | undefined,
): PaymentOption | undefined => options?.find((option) => option.method === PaymentMethod.Custom);

/**
 * The methods offered, in the spec's order 0, 3, 8, 6, 1, 7, 5: each only when the order enables
 * it; PIX and Boleto hidden when any item is a subscription; the custom method only in manual
 * payment mode with a custom option (labelled with its name); pay on delivery when any option has
 * payOnDelivery.
 */
export function visiblePaymentMethods({
  order,
  settings,
  paymentOptions,
}: VisiblePaymentMethodsInput): VisiblePaymentMethod[] {
  const hasSubscription = order.items.some((item) => item.subscription != null);
  const methods: VisiblePaymentMethod[] = [];
  const add = (method: PaymentMethod, shown: boolean | null | undefined) => {
    if (shown) methods.push({ method, label: PAYMENT_METHOD_LABELS[method] ?? '' });
  };
  add(PaymentMethod.CreditCard, order.enableCreditPayment);
  add(PaymentMethod.Pix, order.enablePixPayment && !hasSubscription);
  add(PaymentMethod.Nubank, order.enableNubankPayment);
  add(PaymentMethod.Link, order.enableLinkPayment);
  add(PaymentMethod.Boleto, order.enableBoletoPayment && !hasSubscription);
  const custom = customPaymentOption(paymentOptions);
  if (custom && isManualPayment(settings)) {
    methods.push({
      method: PaymentMethod.Custom,
      label: custom.name ?? '',
      ...(custom.providerId ? { optionId: custom.providerId } : {}),
    });
  }
  add(
    PaymentMethod.OnDelivery,
    paymentOptions?.some((option) => option.payOnDelivery === true),
  );
  return methods;
}

const onDeliveryOptions = (options: readonly PaymentOption[] | null | undefined): PaymentOption[] =>
  (options ?? []).filter((option) => option.payOnDelivery === true);

/** The 'Tipo de pagamento' choices: the groups of the on-delivery options, each once, in order. */
export function onDeliveryGroups(options: readonly PaymentOption[] | null | undefined): string[] {
  const groups: string[] = [];
  for (const option of onDeliveryOptions(options)) {
    if (option.group && !groups.includes(option.group)) groups.push(option.group);
  }
  return groups;
}

/** The means of payment of one on-delivery group. */
export function onDeliveryOptionsOf(
  options: readonly PaymentOption[] | null | undefined,
  group: string | null | undefined,
): PaymentOption[] {
  if (!group) return [];
  return onDeliveryOptions(options).filter((option) => option.group === group);
}

/** The group 'Dinheiro' means cash ('Valor em espécie'). */
export const isCashGroup = (group: string | null | undefined): boolean => group === CASH_PAYMENT_GROUP;

/** The cash amount's error: below the order total (or not given). */
export function cashAmountError(
  amount: number | null | undefined,
  totalAmout: number | null | undefined,
): string | undefined {
  // In cents: 79.69 typed must cover a total of 79.69 whatever floating point makes of either.
  const cents = (reais: number) => Math.round(reais * 100);
  return amount != null && cents(amount) >= cents(totalAmout ?? 0) ? undefined : CASH_AMOUNT_MESSAGE;
}

const FINISH_NAMES: Partial<Record<PaymentMethod, string>> = {
  [PaymentMethod.CreditCard]: 'Cartão de Crédito',
  [PaymentMethod.Link]: 'Link',
  [PaymentMethod.Pix]: 'PIX',
  [PaymentMethod.Nubank]: 'Nubank',
  [PaymentMethod.Boleto]: 'Boleto',
};

/**
 * The finish button: 'Receber pedido' when the shop does not charge orders, else 'Finalizar e
 * enviar ' + the method (card, Link, PIX, Nubank, Boleto) or 'pedido' (on delivery, custom, none).
 */
export function finishLabel({
  method,
  settings,
}: {
  method: PaymentMethod | null | undefined;
  settings: Pick<ShopSettings, 'disableChargeOrders'>;
}): string {
  if (settings.disableChargeOrders) return 'Receber pedido';
  const name = method == null ? undefined : FINISH_NAMES[method];
  return `Finalizar e enviar ${name ?? 'pedido'}`;
}

/**
 * The manual payment field's error: over the contract's bound of free text ('Use no máximo 2000
 * caracteres.'), or 'Insira um link válido' for a card link that is not an http(s) address. An empty
 * field has no error (it only keeps the checkout incomplete).
 */
export function manualPaymentError(
  method: PaymentMethod | null | undefined,
  text: string | null | undefined,
): string | undefined {
  const value = text?.trim() ?? '';
  if (value.length > MAX_FREE_TEXT) return tooLongMessage(MAX_FREE_TEXT);
  if (method !== PaymentMethod.CreditCard || value === '') return undefined;
  return isPaymentLink(value) ? undefined : INVALID_LINK_MESSAGE;
}

/** Methods that take a manual payment text in manual payment mode. */
export const MANUAL_TEXT_METHODS: readonly PaymentMethod[] = [
  PaymentMethod.Pix,
  PaymentMethod.CreditCard,
  PaymentMethod.Custom,
];
