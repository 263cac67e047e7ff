// The seeded shop's payment configuration (server-only rules, see payment/rules.ts).
import { PaymentProviderType } from '../contract.ts';
import type { PaymentRules } from '../payment/rules.ts';

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
    },
  ],
  paymentLinkBase: null,
};
