// Over real HTTP, on random carts: the card options shown for an order and the amount the sandbox
// records when the card is charged agree with the order's total, for every interest-free count
// (issue 20, defect 4: R$ 79,69 in 3x '26,57 sem juros' recorded R$ 79,71).
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentStatus } from '../contract.ts';
import { expectData } from '../testing/answers.ts';
import { approvedCardPayload, currentOrderId, openTestSession } from '../testing/fixtures.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

/** Plain products of the seeded catalogue (no variants, kilos or restrictions), promotions included. */
const PRODUCTS = ['1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010'];

/** Rice (R$ 27,90) keeps every cart above the shop's R$ 25,00 minimum; the rest varies the total. */
const cart = fc
  .tuple(
    fc.integer({ min: 1, max: 3 }),
    fc.uniqueArray(
      fc.record({ productId: fc.constantFrom(...PRODUCTS), quantity: fc.integer({ min: 1, max: 7 }) }),
      { maxLength: 5, selector: (line) => line.productId },
    ),
  )
  .map(([rice, others]) => [{ productId: '1001', quantity: rice }, ...others]);

const toCents = (reais: number) => Math.round(reais * 100);

let sessions = 0;

describe('what a card is charged, on random carts', () => {
  it('every interest-free option adds up to the total, and paying with it records exactly the total', async () => {
    await fc.assert(
      fc.asyncProperty(cart, fc.nat(), async (items, pick) => {
        sessions += 1;
        const session = openTestSession(sandbox.db, `teste-parcelas-${sessions}`, { items });
        const order = expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session }));
        const totalCents = toCents(order.totalAmout ?? 0);
        const [option] = expectData(
          'listCardOptions',
          await sandbox.get('/api/order/payment/credit', { session }),
        );
        const free = (option?.installments ?? []).filter((plan) => plan.interestFree === true);
        expect(free.length).toBeGreaterThan(0);
        for (const plan of free) {
          expect(plan.values).toHaveLength(plan.count);
          expect((plan.values ?? []).reduce((sum, value) => sum + toCents(value), 0)).toBe(totalCents);
          expect(toCents(plan.total ?? 0)).toBe(totalCents);
        }

        const chosen = free[pick % free.length];
        const answer = await sandbox.post(
          '/api/order/payment/credit',
          approvedCardPayload({ providerId: option?.providerId ?? '', installments: chosen?.count ?? 1 }),
          { session },
        );
        expect(expectData('payWithCard', answer).status).toBe(PaymentStatus.Paid);
        const recorded = sandbox.db
          .prepare('SELECT amount_cents, installments FROM payment_attempts WHERE order_id = ?')
          .all(currentOrderId(sandbox.db, session));
        expect(recorded).toEqual([{ amount_cents: totalCents, installments: chosen?.count }]);
      }),
      { numRuns: 60 },
    );
  });
});
