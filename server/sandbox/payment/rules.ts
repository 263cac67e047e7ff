// The payment configuration of a shop (server-only, in shops.rules.payment). Amounts in cents.
// Owned by the payment module; the seed writes it and the payment routes and the order read it.
import type { PaymentProviderType } from '../contract.ts';

export type CardProviderRule = {
  providerId: string;
  name: string;
  maxInstallments: number;
  /** Installments up to this count carry no interest. */
  interestFreeInstallments: number;
  /** Monthly interest, in basis points (199 = 1.99 %), above the interest-free count. */
  monthlyInterestBasisPoints: number;
  /** No installment may be smaller than this. */
  minInstallmentCents: number;
  /**
   * The card brands the provider takes, as card-validator names them ('visa', 'american-express'...),
   * sent with the card options (the card page shows their logos). Optional: rules stored before it
   * existed still read, and their options name no brand.
   */
  brands?: readonly string[];
};

/** The Mercado Pago card brick: the brands it may submit and the most installments accepted. */
export type MercadoPagoRule = {
  /** The brick's payment_method_id values accepted (Mercado Pago's own ids: 'visa', 'master'...). */
  paymentMethodIds: readonly string[];
  maxInstallments: number;
};

export type PaymentRules = {
  /** Who charges the card: ShopProvider (the card page), MercadoPago (the brick), others (a link). */
  providerType: PaymentProviderType;
  /** The enable* flags of the order. */
  enableCreditPayment: boolean;
  enablePixPayment: boolean;
  enableNubankPayment: boolean;
  enableLinkPayment: boolean;
  enableBoletoPayment: boolean;
  cardProviders: readonly CardProviderRule[];
  /** Payment page of an external provider (providerType other than ShopProvider), or null. */
  paymentLinkBase: string | null;
  /**
   * Minutes a payment stays open once started (installments chosen, first card attempt, link
   * created); a payment still Waiting or Failed after that is Expired. Null: it never expires.
   * Optional so rules stored before it existed still read; absent means the default.
   */
  paymentWindowMinutes?: number | null;
  /** The reCAPTCHA v2 site key the card page must solve when the gateway asks for a captcha. */
  recaptchaSiteKey?: string;
  /** Present when providerType is MercadoPago. */
  mercadoPago?: MercadoPagoRule | null;
  /**
   * The Pix charge extension (payment/pix-charges.ts): who receives and how long a code stays
   * payable. Null: this shop's backend has no such extension (the spec's flow, as SANDBOX_PIX_CHARGES=off
   * does for every shop). Optional so rules stored before it existed still read; absent means the default.
   */
  pixCharges?: PixChargeRule | null;
};

/** How the sandbox's Pix provider issues a shop's charges. */
export type PixChargeRule = {
  /** Seconds a new code stays payable (a real provider's default is a few minutes to an hour). */
  expirySeconds: number;
  /** The Pix key the codes pay into (a random key, 'chave aleatória', fictitious). */
  key: string;
  /** The merchant's city in the code (field 60), as the shop is registered with its bank. */
  city: string;
};

/** A code stays payable for 10 minutes unless the shop's rule says otherwise (VTEX's default). */
export const DEFAULT_PIX_CHARGE_RULE: PixChargeRule = {
  expirySeconds: 600,
  key: '2c6a1f0e-8d3b-4e5a-9f71-6b0c2d9e4a13',
  city: 'São Paulo',
};

export function pixChargeRule(rules: PaymentRules): PixChargeRule | null {
  return rules.pixCharges === undefined ? DEFAULT_PIX_CHARGE_RULE : rules.pixCharges;
}

/** Payment window when the rules do not say. */
export const DEFAULT_PAYMENT_WINDOW_MINUTES = 30;

/** Google's public test site key: every token solved with it passes (docs/domain.md, reCAPTCHA). */
export const GOOGLE_TEST_RECAPTCHA_SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI';

export const DEFAULT_MERCADO_PAGO_RULE: MercadoPagoRule = {
  paymentMethodIds: ['visa', 'master', 'amex', 'elo', 'hipercard'],
  maxInstallments: 12,
};

export function paymentWindowMinutes(rules: PaymentRules): number | null {
  return rules.paymentWindowMinutes === undefined
    ? DEFAULT_PAYMENT_WINDOW_MINUTES
    : rules.paymentWindowMinutes;
}

export function recaptchaSiteKey(rules: PaymentRules): string {
  return rules.recaptchaSiteKey ?? GOOGLE_TEST_RECAPTCHA_SITE_KEY;
}
