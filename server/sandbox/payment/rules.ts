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
};
