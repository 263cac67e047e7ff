// Helpers of the checkout tests: a sandbox per test (every checkout test changes an order or the shop),
// the checkout routes behind a fixed clock, and shortcuts to reach a state through the real calls.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { expect } from 'vitest';
import type { SandboxDb } from '../db/types.ts';
import { requireSession } from '../http/auth.ts';
import { answerErrors, answerUnknownPath } from '../http/errors.ts';
import { orderRoutes } from '../order/routes.ts';
import { openSandboxDb } from '../seed/open.ts';
import { SHOP_ID } from '../seed/shop.ts';
import type { Answer, TestSandbox } from '../testing/http-harness.ts';
import { checkoutRoutes, customerRoutes } from './routes.ts';

export const SHOPPER = 'demo-shopper';
export const OPERATOR = 'demo-operator';
export const ANONYMOUS = 'anonymous-session';

/** demo-shopper's seeded cart: 2 × 1008 at R$ 16,49 (promotion) + 1 × 1001 at R$ 27,90. */
export const SHOPPER_CART_TOTAL = 60.88;

/** Changes one value of the seeded shop's server rules, e.g. ('$.payment.enablePixPayment', false). */
export function patchShopRules(db: SandboxDb, path: string, value: unknown): void {
  db.prepare('UPDATE shops SET rules = json_set(rules, ?, json(?)) WHERE id = ?').run(
    path,
    JSON.stringify(value),
    SHOP_ID,
  );
}

export function markShippingRestricted(db: SandboxDb, productId: string): void {
  db.prepare('UPDATE products SET has_shipping_restriction = 1 WHERE id = ?').run(productId);
}

/** Adds items through the order module's own call, so the order is what a shopper would have built. */
export async function addItem(sandbox: TestSandbox, session: string, providerId: string, quantity: number) {
  const answer = await sandbox.post('/api/order/items/', { providerId, quantity }, { session });
  expect(answer.status, answer.text).toBe(200);
}

export type WireFieldError = { message: string; code: number; type: string; status: number; field: string };

/** A 400 listing every refused field (customer update, agent confirmation). */
export function expectFieldErrors(answer: Answer): WireFieldError[] {
  expect(answer.status, answer.text).toBe(400);
  const body = answer.body as { success: boolean; data: unknown; errors: WireFieldError[] };
  expect(body).toMatchObject({ success: false, data: null });
  for (const error of body.errors) {
    expect(error).toEqual({
      message: expect.any(String),
      code: 400,
      type: 'validation',
      status: 400,
      field: expect.any(String),
    });
  }
  return body.errors;
}

/**
 * The checkout and customer routes over a fresh seeded database, behind the real session check, with
 * a fixed clock: the schedule's days and cut-offs are then the same whatever the date of the run.
 */
export async function startCheckoutWithClock(now: () => Date): Promise<TestSandbox> {
  const db = openSandboxDb(':memory:');
  const app = express();
  app.use(express.json());
  const api = express.Router();
  api.use('/order', requireSession(db), orderRoutes(db), checkoutRoutes(db, { now }));
  api.use('/customer', requireSession(db), customerRoutes(db, { now }));
  app.use('/api', api);
  app.use(answerUnknownPath);
  app.use(answerErrors());
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = async (method: string, path: string, body: unknown, session?: string): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (session) headers.authorization = `Bearer ${session}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown, text };
  };
  return {
    url,
    db,
    get: (path, options) => call('GET', path, undefined, options?.session),
    post: (path, body, options) => call('POST', path, body, options?.session),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          db.close();
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}
