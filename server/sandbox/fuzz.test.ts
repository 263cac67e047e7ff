// Fuzz of every POST call of both specs: random bodies (wrong types, missing and unknown fields,
// huge strings, nesting, malformed JSON) from a shopper, an operator and an anonymous visitor.
// No answer may be a 5xx, every answer is the envelope, and no order, item, address or customer changes.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, calls } from '../../src/contract/index.ts';
import { startTestSandbox, type TestSandbox } from '../../tests/server-harness.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  // Give the operator a cart too, so calls that need items reach their deeper rules.
  await sandbox.post('/api/order/items/', { providerId: '1001', quantity: 2 }, { session: 'demo-operator' });
  // Every session has its current order, so reading one is not a change.
  for (const session of SESSIONS) await sandbox.get('/api/order/current', { session });
});
afterAll(() => sandbox.close());

const SESSIONS = ['demo-shopper', 'demo-operator', 'anonymous-session'];

const postCalls = Object.entries(calls).filter(([, call]) => call.method === 'POST');
const getCalls = Object.entries(calls).filter(([, call]) => call.method === 'GET');

/** Everything a POST could wrongly change, read straight from the database. */
function snapshot(): string {
  const tables = ['orders', 'order_items', 'addresses', 'user_shops', 'tray_links', 'payment_attempts'];
  return JSON.stringify(tables.map((t) => sandbox.db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()));
}

/** Field names the real payloads use, so random objects often hit a schema's known fields. */
const knownKeys = fc.constantFrom(
  'providerId',
  'quantity',
  'index',
  'attributes',
  'sku',
  'subscription',
  'preferences',
  'id',
  'selectedGifts',
  'installments',
  'number',
  'name',
  'securityCode',
  'expiryMonth',
  'expiryYear',
  'document',
  'zipCode',
  'address',
  'addressNumber',
  'neighborhood',
  'city',
  'state',
  'type',
  'cashAmount',
  'addressIndex',
  'logistic',
  'day',
  'startTime',
  'email',
  'isCorporate',
  'corporateDocument',
  'paymentMethod',
  'store',
  'chatbotId',
  'chatbotToken',
  'code',
  'apiAddress',
  'storeHost',
  'admUser',
  'token',
  '__proto__',
  'constructor',
);

const hostileValue = fc.oneof(
  fc.anything(),
  fc.string({ minLength: 1000, maxLength: 70_000 }),
  fc.constantFrom(-1, 0.5, 1e308, Number.MAX_SAFE_INTEGER, '1', '', ' ', null, true, [], {}, '0000-000'),
);

const body = fc.oneof(
  fc.dictionary(knownKeys, hostileValue, { maxKeys: 8 }),
  fc.anything(),
  fc.constantFrom('{"providerId": "1001", "quantity": ', 'null', '[]', '"texto"', '{"a":1}{', '\u0000'),
);

function jsonText(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
  } catch {
    return 'null';
  }
}

describe('every POST with random bodies', () => {
  for (const [name, call] of postCalls) {
    it(`${call.path} (${name}) answers 4xx envelopes and changes nothing`, async () => {
      const before = snapshot();
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.constantFrom(...SESSIONS),
          fc.string({ maxLength: 30 }),
          async (payload, session, id) => {
            const path = buildPath(call.path, {
              id: id || 'x',
              ids: id || 'x',
              code: 'x',
              cep: 'x',
            } as never);
            const answer = await sandbox.post(path, jsonText(payload), { session });
            expect(answer.status, `${path} ${answer.text}`).toBeLessThan(500);
            expect(answer.body).toMatchObject({ success: expect.any(Boolean), errors: expect.any(Array) });
          },
        ),
        { numRuns: 40 },
      );
      expect(snapshot()).toBe(before);
    });
  }
});

/** A random query string: known parameter names and random ones, with hostile values. */
const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'perPage',
          'pageNumber',
          'pageToken',
          'searchQuery',
          'type',
          'code',
          'number',
          'categoryId',
          'collectionId',
          'searchTerm',
          'session',
          'coupon',
          'discount',
        ),
        fc.string({ maxLength: 12 }),
      ),
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('-1', '1e9', '0x10', '', '%', '%E0%A4%A', 'NaN', '999999999999'),
      ),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));

describe('every GET with random path values and query strings', () => {
  for (const [name, call] of getCalls) {
    it(`${call.path} (${name}) answers without a 5xx and changes no order`, async () => {
      const before = snapshot();
      await fc.assert(
        fc.asyncProperty(
          queryString,
          fc.constantFrom(...SESSIONS),
          fc.string({ maxLength: 30 }),
          async (query, session, id) => {
            const path = buildPath(call.path, {
              id: id || 'x',
              ids: id || 'x',
              code: id || 'x',
              cep: id || 'x',
              slug: id || 'x',
              productId: id || 'x',
            } as never);
            const answer = await sandbox.get(`${path}?${query}`, { session });
            expect(answer.status, `${path}?${query} ${answer.text}`).toBeLessThan(500);
          },
        ),
        { numRuns: 30 },
      );
      // GET calls that act (confirm, cancel, send, change payment) must refuse random parameters too.
      expect(snapshot()).toBe(before);
    });
  }
});
