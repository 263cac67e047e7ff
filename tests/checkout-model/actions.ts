// The shopper's and the operator's choices on the checkout, as data fast-check can generate, shrink
// and print. A `pick` chooses among what the screen offers at that moment (modulo its length), so a
// sequence stays meaningful whatever the earlier steps left on the screen.
import fc from 'fast-check';

export type Action =
  | { kind: 'method'; pick: number }
  | { kind: 'address'; pick: number }
  | { kind: 'deliveryOption'; pick: number }
  | { kind: 'pickUpCep'; pick: number }
  | { kind: 'store'; pick: number }
  | { kind: 'pickUpOption'; pick: number }
  | { kind: 'manualFreight'; cents: number }
  | { kind: 'seller'; pick: number }
  | { kind: 'day'; pick: number }
  | { kind: 'slot'; pick: number }
  | { kind: 'priceTable'; pick: number }
  | { kind: 'coupon'; pick: number }
  | { kind: 'discount'; cents: number }
  | { kind: 'payment'; pick: number }
  | { kind: 'manualText'; pick: number }
  | { kind: 'onDeliveryGroup'; pick: number }
  | { kind: 'onDeliveryMeans'; pick: number }
  | { kind: 'cash'; centsOverTotal: number }
  | { kind: 'quantity'; pick: number; delta: number }
  /** A tap on a line's + or − through the cart's queue: sent after its 1-second pause. */
  | { kind: 'tap'; pick: number; delta: number }
  /** Time passes (the queue's pause runs out, or not yet). */
  | { kind: 'wait'; ms: number }
  /** The second actor: another tab of the same shopper, or the API, changes the order. */
  | { kind: 'other'; change: OtherChange; pick: number }
  /** The screen hears of it: the tab regains focus or the other tab's message arrives (a re-read). */
  | { kind: 'notice' }
  /** The next thing the footer says is missing, done as a shopper would. */
  | { kind: 'progress'; pick: number };

export type OtherChange = 'quantity' | 'coupon' | 'payOnDelivery';

const pick = fc.nat({ max: 7 });
const picked = <K extends Action['kind']>(kind: K) => pick.map((p) => ({ kind, pick: p }) as Action);

export const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: picked('progress'), weight: 30 },
  { arbitrary: picked('method'), weight: 3 },
  { arbitrary: picked('address'), weight: 2 },
  { arbitrary: picked('deliveryOption'), weight: 3 },
  { arbitrary: picked('pickUpCep'), weight: 2 },
  { arbitrary: picked('store'), weight: 3 },
  { arbitrary: picked('pickUpOption'), weight: 3 },
  {
    arbitrary: fc.constantFrom(0, 990, 1500).map((cents) => ({ kind: 'manualFreight', cents }) as Action),
    weight: 2,
  },
  { arbitrary: picked('seller'), weight: 3 },
  { arbitrary: picked('day'), weight: 2 },
  { arbitrary: picked('slot'), weight: 3 },
  { arbitrary: picked('priceTable'), weight: 2 },
  { arbitrary: picked('coupon'), weight: 2 },
  {
    arbitrary: fc.constantFrom(0, 150, 500, 99_999).map((cents) => ({ kind: 'discount', cents }) as Action),
    weight: 1,
  },
  { arbitrary: picked('payment'), weight: 4 },
  { arbitrary: picked('manualText'), weight: 1 },
  { arbitrary: picked('onDeliveryGroup'), weight: 2 },
  { arbitrary: picked('onDeliveryMeans'), weight: 2 },
  {
    arbitrary: fc
      .constantFrom(-1, 0, 1, 5000)
      .map((centsOverTotal) => ({ kind: 'cash', centsOverTotal }) as Action),
    weight: 2,
  },
  {
    arbitrary: fc
      .record({ pick, delta: fc.constantFrom(-2, -1, 1, 3) })
      .map((r) => ({ kind: 'quantity', ...r }) as Action),
    weight: 2,
  },
  {
    arbitrary: fc
      .record({ pick, delta: fc.constantFrom(-1, 1, 1) })
      .map((r) => ({ kind: 'tap', ...r }) as Action),
    weight: 4,
  },
  { arbitrary: fc.constantFrom(150, 600, 1200).map((ms) => ({ kind: 'wait', ms }) as Action), weight: 3 },
  {
    arbitrary: fc
      .record({
        change: fc.constantFrom<OtherChange>('quantity', 'quantity', 'coupon', 'payOnDelivery'),
        pick,
      })
      .map((r) => ({ kind: 'other', ...r }) as Action),
    weight: 3,
  },
  { arbitrary: fc.constant({ kind: 'notice' } as Action), weight: 2 },
);

/** The demo sessions a sequence starts from: each turns on other sections and rules. */
export const SCENARIOS = [
  'demo-shopper',
  'demo-messenger',
  'demo-lojas',
  'demo-agendamento',
  'demo-sem-cobranca',
  'demo-pagamento-manual',
  'demo-precos-manuais',
  'demo-retirada',
  'demo-limites',
  'demo-cnpj',
] as const;
