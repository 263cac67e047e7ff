// What the Mercado Pago brick's wrapper (mercado-pago-brick.tsx) takes, and what it gives the lazily
// loaded brick (mercado-pago-card.tsx): apart from both, so the card's chunk names its props without
// importing the wrapper that loads it.
import type { MercadoPagoPayment } from '@/contract/checkout.ts';

export type MercadoPagoBrickProps = {
  /** The shop's Mercado Pago public key (settings.payment.publicKey). */
  publicKey: string;
  /** The order's total (order.totalAmout). */
  amount: number;
  /** The brick's form data; a rejection shows the brick's error state. */
  onSubmit(form: MercadoPagoPayment): Promise<void>;
  /** 'Alterar forma de pagamento', offered when the brick cannot load. */
  onChangeMethod(): void;
  /** The change of payment method is under way. */
  changingMethod: boolean;
};

/** What the lazily loaded brick reports to this wrapper. */
export type MercadoPagoCardProps = Pick<MercadoPagoBrickProps, 'publicKey' | 'amount' | 'onSubmit'> & {
  /** The brick is on the screen (its onReady). */
  onReady(): void;
  /** Mercado Pago's SDK could not load, or the brick failed for good. */
  onUnavailable(): void;
};
