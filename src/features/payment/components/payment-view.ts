// Which branch of the card payment page an order gets (spec "Card payment page"; plan: PAGE helper).
import type { CardFinishResult } from '@/contract/checkout.ts';
import {
  FailureType,
  OrderState,
  PaymentMethod,
  PaymentProviderType,
  PaymentStatus,
} from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';

export const PAYMENT_MESSAGES = {
  expired: 'O tempo para pagamento expirou',
  invalidData: 'Os dados do cartão são inválidos',
  limitExceeded: 'Limite de compras do cartão insuficiente',
  unknown: 'Aconteceu um erro com seu pagamento',
  recaptcha: 'Houve um problema na validação do ReCaptcha, por favor tente novamente',
  updateFailed: 'Erro ao atualizar o método de pagamento',
  methodNotFound: 'Método de pagamento não encontrado',
  notCreditCard: 'Método de pagamento não é cartão de crédito',
  /** The sandbox's refusal of a second payment (409), and what the page says of an order paid elsewhere. */
  alreadyPaid: 'Este pedido já foi pago.',
} as const;

export type PaymentView =
  | { kind: 'finished' }
  | { kind: 'expired' }
  | { kind: 'no-method' }
  | { kind: 'not-card' }
  | { kind: 'link'; url: string }
  | { kind: 'mercado-pago' }
  | { kind: 'card' };

/** Orders no longer payable (the backend pays only an order still being built): /finish tells how they ended. */
const CLOSED_ORDER_STATES: readonly (OrderState | undefined)[] = [
  OrderState.Received,
  OrderState.Finalized,
  OrderState.Canceled,
];

/** An http(s) address only: a link from the wire never runs script. */
export function safeLink(link: string | null | undefined): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The order's branch. The method is the order's payment's, or, while it has none, the one chosen at
 * checkout (the draft's). An expired payment is final, whoever the provider (its link would lead to
 * an expired page). A canceled payment (the shopper chose to change the method) is no method.
 * The provider is the payment's; with no payment yet, Mercado Pago when the shop's payment type
 * says so (settings.payment.type 'mercadopago'), else the shop's own page.
 */
export function paymentView(
  order: Order,
  settings: Pick<ShopSettings, 'payment'>,
  draftMethod: PaymentMethod | null | undefined,
): PaymentView {
  const payment = order.payment ?? undefined;
  if (payment?.status === PaymentStatus.Paid || CLOSED_ORDER_STATES.includes(order.status ?? undefined)) {
    return { kind: 'finished' };
  }
  if (payment?.status === PaymentStatus.Expired) return { kind: 'expired' };
  if (payment?.status === PaymentStatus.Canceled) return { kind: 'no-method' };
  const method = payment?.method ?? draftMethod ?? undefined;
  if (method === undefined) return { kind: 'no-method' };
  if (method !== PaymentMethod.CreditCard) return { kind: 'not-card' };

  const providerType =
    payment?.providerType ??
    (settings.payment?.type?.toLowerCase() === 'mercadopago'
      ? PaymentProviderType.MercadoPago
      : PaymentProviderType.ShopProvider);
  const link = safeLink(payment?.link);
  if (providerType !== PaymentProviderType.ShopProvider && link) return { kind: 'link', url: link };
  if (providerType === PaymentProviderType.MercadoPago) return { kind: 'mercado-pago' };
  return { kind: 'card' };
}

/** The failure modal's title for a refused payment (spec section 8). */
export function failureTitle(
  outcome: { message: string; result: CardFinishResult },
  { captchaRetry }: { captchaRetry: boolean },
): string {
  const { result } = outcome;
  if (result.status === PaymentStatus.Expired) return PAYMENT_MESSAGES.expired;
  switch (result.failureType) {
    case FailureType.InvalidData:
      return PAYMENT_MESSAGES.invalidData;
    case FailureType.LimitExceeded:
      return PAYMENT_MESSAGES.limitExceeded;
    case FailureType.ReCAPTCHA:
      return PAYMENT_MESSAGES.recaptcha;
    case FailureType.Unknown:
      return PAYMENT_MESSAGES.unknown;
    default:
      // No finish result: a refusal before the gateway (document, conflict) says why in its message.
      if (captchaRetry && !outcome.message) return PAYMENT_MESSAGES.recaptcha;
      return outcome.message || PAYMENT_MESSAGES.unknown;
  }
}
