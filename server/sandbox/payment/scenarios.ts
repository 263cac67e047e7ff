// Payment states for scenario seeds: give a seeded order a payment snapshot that the card page
// reacts to (checkout spec, "Card payment page"): a PagBrasil link (the page navigates to it), an
// expired link, Mercado Pago without a link (the page shows the card brick), or a paid card.
// Deterministic: no clock; the snapshot of a live link carries no deadline so it stays Waiting.
import type { Database } from 'better-sqlite3';
import { OrderState, PaymentMethod, PaymentProviderType, PaymentStatus } from '../contract.ts';
import type { ChosenPayment } from '../order/order-state.ts';
import { pagBrasilPaymentRules } from '../seed/payment.ts';
import { paymentLinkFor } from './snapshot.ts';

export type PaymentScenario =
  /** PagBrasil, method Link, status Waiting, link 'https://pagamento.exemplo.com.br/pagbrasil/<order id>'. */
  | 'pagbrasil-link'
  /** The same link, status Expired ('O tempo para pagamento expirou'). */
  | 'pagbrasil-link-expired'
  /** Mercado Pago, credit card, status Waiting, no link: the card page shows the brick. */
  | 'mercadopago-brick'
  /** The shop's own card page, paid in 3x: the order is Received. */
  | 'card-paid';

const base = {
  failureType: null,
  onDelivery: null,
  manualInformation: null,
  recaptchaKey: null,
  expiresAt: null,
} as const;

/** The payment snapshot of a scenario for an order (plain data, ready for orders.checkout.payment). */
export function paymentScenarioSnapshot(scenario: PaymentScenario, orderId: number): ChosenPayment {
  switch (scenario) {
    case 'pagbrasil-link':
    case 'pagbrasil-link-expired':
      return {
        ...base,
        method: PaymentMethod.Link,
        providerType: PaymentProviderType.PagBrasil,
        link: paymentLinkFor(pagBrasilPaymentRules, orderId),
        status: scenario === 'pagbrasil-link' ? PaymentStatus.Waiting : PaymentStatus.Expired,
        providerId: null,
        installments: null,
      };
    case 'mercadopago-brick':
      return {
        ...base,
        method: PaymentMethod.CreditCard,
        providerType: PaymentProviderType.MercadoPago,
        link: null,
        status: PaymentStatus.Waiting,
        providerId: null,
        installments: null,
      };
    case 'card-paid':
      return {
        ...base,
        method: PaymentMethod.CreditCard,
        providerType: PaymentProviderType.ShopProvider,
        link: null,
        status: PaymentStatus.Paid,
        providerId: 'cartao-loja',
        installments: 3,
      };
  }
}

/**
 * Writes a scenario's payment onto a seeded order (inside the seed's transaction). A paid scenario
 * also makes the order Received, as a real approval does. Throws when the order does not exist.
 */
export function seedPaymentScenario(db: Database, orderId: number, scenario: PaymentScenario): void {
  const payment = paymentScenarioSnapshot(scenario, orderId);
  const result = db
    .prepare("UPDATE orders SET checkout = json_set(checkout, '$.payment', json(?)) WHERE id = ?")
    .run(JSON.stringify(payment), orderId);
  if (result.changes !== 1) throw new Error(`seedPaymentScenario: pedido ${orderId} não existe`);
  if (payment.status === PaymentStatus.Paid) {
    db.prepare('UPDATE orders SET status = ? WHERE id = ?').run(OrderState.Received, orderId);
  }
}
