// Random sequences of cart changes through the real sandbox: after each call the order the server
// answers matches a simple model of the cart, and its totals add up. Refused calls change nothing.
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

// Products of the seed without variants, with their effective prices in cents.
const PRICES: Record<string, number> = { '1001': 2790, '1002': 849, '1008': 1649 };
const PRODUCTS = Object.keys(PRICES);

type Step =
  | { kind: 'add'; providerId: string; quantity: number }
  | { kind: 'set'; providerId: string; quantity: number }
  | { kind: 'bad'; body: unknown };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    providerId: fc.constantFrom(...PRODUCTS),
    quantity: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({
    kind: fc.constant('set' as const),
    providerId: fc.constantFrom(...PRODUCTS),
    quantity: fc.integer({ min: 0, max: 20 }),
  }),
  fc.record({
    kind: fc.constant('bad' as const),
    body: fc.oneof(
      fc.record({
        providerId: fc.constantFrom(...PRODUCTS),
        quantity: fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true })),
      }),
      fc.record({ providerId: fc.string(), quantity: fc.integer({ min: 1, max: 3 }) }),
      fc.anything(),
    ),
  }),
);

type WireOrder = {
  items: { index: number; providerId: string; quantity: number; totalAmout: number }[];
  itemsAmout: number;
  discountAmout: number;
  totalAmout: number;
};

const cents = (reais: number) => Math.round(reais * 100);

describe('the cart under random changes', () => {
  it('always matches the model and adds up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const session = { session: 'anonymous-session' };
        const start = (await (
          await sandbox.get('/api/order/current', session)
        ).body) as { data: { id: string } };
        sandbox.db.prepare('DELETE FROM order_items WHERE order_id = ?').run(Number(start.data.id));
        const model = new Map<string, number>();

        for (const s of steps) {
          if (s.kind === 'bad') {
            const answer = await sandbox.post('/api/order/items/', s.body ?? null, session);
            if (answer.status === 200) {
              // fc.anything() can build a valid update by chance; keep the model in step with it
              const body = s.body as { providerId: string; quantity: number };
              model.set(body.providerId, (model.get(body.providerId) ?? 0) + body.quantity);
            } else {
              expect(answer.status).toBeGreaterThanOrEqual(400);
              expect(answer.status).toBeLessThan(500);
            }
          } else if (s.kind === 'add') {
            const answer = await sandbox.post(
              '/api/order/items/',
              { providerId: s.providerId, quantity: s.quantity },
              session,
            );
            expect(answer.status).toBe(200);
            model.set(s.providerId, (model.get(s.providerId) ?? 0) + s.quantity);
          } else {
            const order = ((await sandbox.get('/api/order/current', session)).body as { data: WireOrder })
              .data;
            const line = order.items.find((i) => i.providerId === s.providerId);
            const body = line
              ? { index: String(line.index), providerId: s.providerId, quantity: s.quantity }
              : { providerId: s.providerId, quantity: s.quantity };
            const answer = await sandbox.post('/api/order/items/', body, session);
            if (!line && s.quantity === 0) {
              expect(answer.status).toBe(404);
            } else {
              expect(answer.status).toBe(200);
              if (s.quantity === 0) model.delete(s.providerId);
              else model.set(s.providerId, line ? s.quantity : (model.get(s.providerId) ?? 0) + s.quantity);
            }
          }
          const order = ((await sandbox.get('/api/order/current', session)).body as { data: WireOrder }).data;
          const quantities = Object.fromEntries(order.items.map((i) => [i.providerId, i.quantity]));
          expect(quantities).toEqual(Object.fromEntries(model));
          const expectedTotal = [...model].reduce((sum, [id, q]) => sum + (PRICES[id] ?? 0) * q, 0);
          expect(cents(order.totalAmout)).toBe(expectedTotal);
          expect(cents(order.itemsAmout) - cents(order.discountAmout)).toBe(cents(order.totalAmout));
          expect(order.items.reduce((sum, i) => sum + cents(i.totalAmout), 0)).toBe(expectedTotal);
        }
      }),
      { numRuns: 25 },
    );
    // 25 sequences of HTTP calls: about 2 s on a quiet machine, more than 5 when it is busy.
  }, 30_000);
});
