// The sandbox gateway's test cards: like a real gateway's test mode, the card NUMBER decides what
// happens. Every number passes the Luhn check. Any other number that passes Luhn is declined as a
// real gateway's test mode declines a card it does not know (Stripe: "card_declined").
import { FailureType } from '../contract.ts';

export type GatewayDecision =
  | { kind: 'approved' }
  | { kind: 'declined'; failureType: FailureType }
  /** The anti-fraud wants a solved reCAPTCHA: approved once a key and token come with the retry. */
  | { kind: 'recaptcha' };

export type TestCard = {
  number: string;
  brand: string;
  decision: GatewayDecision;
  /** What the README and the report say about it. */
  note: string;
};

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111111111111111', brand: 'Visa', decision: { kind: 'approved' }, note: 'aprovado' },
  { number: '5555555555554444', brand: 'Mastercard', decision: { kind: 'approved' }, note: 'aprovado' },
  {
    number: '378282246310005',
    brand: 'American Express',
    decision: { kind: 'approved' },
    note: 'aprovado (código de segurança de 4 dígitos)',
  },
  {
    number: '4000000000000002',
    brand: 'Visa',
    decision: { kind: 'declined', failureType: FailureType.InvalidData },
    note: 'recusado: dados inválidos',
  },
  {
    number: '4000000000009995',
    brand: 'Visa',
    decision: { kind: 'declined', failureType: FailureType.LimitExceeded },
    note: 'recusado: limite insuficiente',
  },
  {
    number: '4000000000000101',
    brand: 'Visa',
    decision: { kind: 'recaptcha' },
    note: 'pede reCAPTCHA; aprovado quando a nova tentativa traz a chave e o token',
  },
  {
    number: '4000000000000119',
    brand: 'Visa',
    decision: { kind: 'declined', failureType: FailureType.Unknown },
    note: 'recusado: erro desconhecido',
  },
];

/** Unknown numbers: declined, as a gateway's test mode declines a card it does not know. */
export const UNKNOWN_CARD_DECISION: GatewayDecision = { kind: 'declined', failureType: FailureType.Unknown };

export function decideByNumber(number: string): GatewayDecision {
  return TEST_CARDS.find((card) => card.number === number)?.decision ?? UNKNOWN_CARD_DECISION;
}
