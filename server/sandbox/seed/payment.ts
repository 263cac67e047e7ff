// The seeded shop's payment configuration (server-only rules, see payment/rules.ts), plus the
// configurations of the other provider kinds, for scenario shops and tests.
import { PaymentProviderType } from '../contract.ts';
import {
  DEFAULT_MERCADO_PAGO_RULE,
  GOOGLE_TEST_RECAPTCHA_SITE_KEY,
  type PaymentRules,
} from '../payment/rules.ts';

/** The demo shop charges cards on its own card page (ShopProvider). */
export const paymentRules: PaymentRules = {
  providerType: PaymentProviderType.ShopProvider,
  enableCreditPayment: true,
  enablePixPayment: true,
  enableNubankPayment: false,
  enableLinkPayment: true,
  enableBoletoPayment: true,
  cardProviders: [
    {
      providerId: 'cartao-loja',
      name: 'Cartão de crédito',
      maxInstallments: 6,
      interestFreeInstallments: 3,
      monthlyInterestBasisPoints: 199,
      minInstallmentCents: 1000,
      // The brands the Mercado Pago shop's brick takes too (DEFAULT_MERCADO_PAGO_RULE).
      brands: ['visa', 'mastercard', 'elo', 'american-express', 'hipercard'],
    },
  ],
  paymentLinkBase: null,
  paymentWindowMinutes: 30,
  recaptchaSiteKey: GOOGLE_TEST_RECAPTCHA_SITE_KEY,
  mercadoPago: null,
};

/** A shop whose payments happen on PagBrasil's page: the order carries a payment link. */
export const pagBrasilPaymentRules: PaymentRules = {
  ...paymentRules,
  providerType: PaymentProviderType.PagBrasil,
  paymentLinkBase: 'https://pagamento.exemplo.com.br/pagbrasil/',
};

/** A shop whose card payments go through the Mercado Pago card brick (no link). */
export const mercadoPagoPaymentRules: PaymentRules = {
  ...paymentRules,
  providerType: PaymentProviderType.MercadoPago,
  mercadoPago: DEFAULT_MERCADO_PAGO_RULE,
};
