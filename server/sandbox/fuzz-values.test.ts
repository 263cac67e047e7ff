// The second half of the fuzz: bodies that are well formed (they pass the contract's schema) but carry a
// wrong value where the server must look something up or check a rule: unknown ids, addresses and
// slots that do not exist, amounts that do not cover the order, invalid documents, foreign hosts.
// Every one must be refused with a 4xx envelope and leave everything as it was.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../tests/server-harness.ts';
import { isValidCpf } from './rules/br-documents.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  // Every session below gets items, so the rules past "the order is empty" are reached.
  for (const session of ['demo-operator', 'anonymous-session']) {
    await sandbox.post('/api/order/items/', { providerId: '1001', quantity: 2 }, { session });
  }
});
afterAll(() => sandbox.close());

function snapshot(): string {
  const tables = [
    'orders',
    'order_items',
    'addresses',
    'user_shops',
    'tray_links',
    'payment_attempts',
    'outbox',
  ];
  return JSON.stringify(tables.map((t) => sandbox.db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()));
}

/** An id no seed uses: a prefix the seed never has, then anything. */
const unknownId = fc.string({ minLength: 0, maxLength: 30 }).map((s) => `zz-${s}`);
const invalidCpf = fc.stringMatching(/^\d{11}$/).filter((cpf) => !isValidCpf(cpf));
const FUTURE_YEAR = String(new Date().getUTCFullYear() + 3);

type Case = {
  name: string;
  session?: string;
  path: (value: unknown) => string;
  body: (value: unknown) => unknown;
  values: fc.Arbitrary<unknown>;
};

const card = {
  providerId: 'cartao-loja',
  installments: 1,
  number: '4111111111111111',
  name: 'TITULAR DE TESTE',
  securityCode: '123',
  expiryMonth: '12',
  expiryYear: FUTURE_YEAR,
  document: '529.982.247-25',
  zipCode: '01310-200',
  address: 'Avenida Paulista',
  addressNumber: '1578',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

const CASES: Case[] = [
  {
    name: 'an item of an unknown product',
    session: 'anonymous-session',
    path: () => '/api/order/items/',
    body: (id) => ({ providerId: id, quantity: 1 }),
    values: unknownId,
  },
  {
    name: 'an item line that is not in the order',
    session: 'anonymous-session',
    path: () => '/api/order/items/',
    body: (index) => ({ index: String(index), providerId: '1001', quantity: 3 }),
    values: fc.integer({ min: 50, max: 999_999 }),
  },
  {
    name: 'a variant sku of another product',
    session: 'anonymous-session',
    path: () => '/api/order/items/',
    body: (sku) => ({ providerId: '1001', quantity: 1, sku }),
    values: unknownId,
  },
  {
    name: 'a gift group that does not exist',
    session: 'demo-shopper',
    path: () => '/api/order/gift/',
    body: (id) => ({ id, selectedGifts: [] }),
    values: unknownId,
  },
  {
    name: 'a product to send that does not exist',
    session: 'demo-operator',
    path: (id) => `/api/order/send/product/${encodeURIComponent(String(id))}`,
    body: (id) => ({ providerId: id, attributes: [] }),
    values: unknownId,
  },
  {
    name: 'a card provider or installment count that is not offered',
    session: 'demo-shopper',
    path: () => '/api/order/payment/credit/installments',
    body: (v) =>
      typeof v === 'string'
        ? { providerId: v, installments: 1 }
        : { providerId: 'cartao-loja', installments: v },
    values: fc.oneof(unknownId, fc.integer({ min: 7, max: 24 })),
  },
  {
    name: 'a card payment with an invalid holder CPF',
    session: 'demo-shopper',
    path: () => '/api/order/payment/credit',
    body: (document) => ({ ...card, document }),
    values: invalidCpf,
  },
  {
    name: 'pay on delivery with an unknown group or option, or cash below the total',
    session: 'demo-shopper',
    path: () => '/api/order/payment/delivery',
    body: (v) =>
      typeof v === 'number'
        ? { type: 'Dinheiro', providerId: 'dinheiro', cashAmount: v }
        : { type: 'Cartão na entrega', providerId: v },
    values: fc.oneof(
      unknownId,
      fc.integer({ min: 0, max: 6087 }).map((c) => c / 100),
    ),
  },
  {
    name: 'a logistic option or delivery address that does not exist',
    session: 'demo-shopper',
    path: () => '/api/order/logistic/',
    body: (v) =>
      typeof v === 'number'
        ? { providerId: 'entrega-expressa-sp', type: 1, addressIndex: v }
        : { providerId: v, type: 0 },
    values: fc.oneof(unknownId, fc.integer({ min: 2, max: 1000 })),
  },
  {
    name: 'manual freight for a store or address that does not exist',
    session: 'demo-precos-manuais',
    path: () => '/api/order/logistic/manual',
    body: (v) =>
      typeof v === 'number'
        ? { addressIndex: v, logistic: { type: 1, price: 5 } }
        : { logistic: { type: 0, price: 0, providerId: v } },
    values: fc.oneof(unknownId, fc.integer({ min: 1, max: 1000 })),
  },
  {
    name: 'a seller that does not exist',
    session: 'demo-lojas',
    path: () => '/api/order/seller/',
    body: (providerId) => ({ providerId }),
    values: unknownId,
  },
  {
    name: 'a delivery day or slot that is not offered',
    session: 'demo-lojas',
    path: () => '/api/order/schedule',
    body: (day) => ({ day, startTime: '09:00', endTime: '12:00' }),
    values: unknownId,
  },
  {
    name: 'an address whose state is not a Brazilian state',
    session: 'demo-shopper',
    path: () => '/api/order/address/',
    body: (state) => ({
      name: 'Outro',
      zipCode: '01001-000',
      street: 'Praça da Sé',
      number: '1',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state,
    }),
    values: fc.constantFrom('XX', 'ZZ', 'São Paulo', 'S', 'BR'),
  },
  {
    name: 'customer data with an invalid CPF or e-mail',
    session: 'demo-shopper',
    path: () => '/api/customer/update',
    body: (v) =>
      String(v).includes('@')
        ? { name: 'Mariana', email: v, document: '52998224725' }
        : { name: 'Mariana', email: 'mariana@exemplo.com.br', document: v },
    values: fc.oneof(
      invalidCpf,
      fc.constantFrom('a b@c.com', 'sem-arroba@', 'x@y', 'x@(y).com', '@exemplo.com.br'),
    ),
  },
  {
    name: 'an agent confirmation with an invalid CPF',
    session: 'demo-operator',
    path: () => '/api/order/confirm',
    body: (document) => ({
      name: 'Carlos Eduardo Lima',
      email: 'carlos.lima@exemplo.com.br',
      document,
      isCorporate: false,
      paymentMethod: 0,
    }),
    values: invalidCpf,
  },
  {
    name: 'a coupon that does not exist',
    session: 'demo-shopper',
    path: (code) => `/api/order/coupon/?coupon=${encodeURIComponent(String(code))}`,
    body: () => undefined,
    values: unknownId.map((id) => id.slice(0, 100)),
  },
  {
    name: 'a manual discount above the items',
    session: 'demo-precos-manuais',
    path: (amount) => `/api/order/discount?discount=${amount}`,
    body: () => undefined,
    values: fc.integer({ min: 10_000, max: 99_999 }),
  },
  {
    name: 'a price table that does not exist',
    session: 'demo-operator',
    path: (id) => `/api/order/price-tables/${encodeURIComponent(String(id))}`,
    body: () => undefined,
    values: unknownId.filter((id) => id.length > 3),
  },
  {
    name: 'a store link whose API address is not the store’s',
    path: () => '/tray/link-store',
    body: (apiAddress) => ({
      admUser: '7',
      code: 'codigo-de-autorizacao-fuzz',
      apiAddress,
      storeHost: 'https://www.lojadoze.com.br',
      store: '391250',
      chatbotId: 'chatbot-7781',
      chatbotToken: 'token-fuzz',
    }),
    values: fc.oneof(
      fc.webUrl().filter((url) => !url.startsWith('https://www.lojadoze.com.br')),
      fc.constantFrom(
        'http://www.lojadoze.com.br/web_api',
        'javascript:alert(1)',
        'https://evil.example/web_api',
      ),
    ),
  },
];

describe('well-formed bodies with wrong values', () => {
  for (const c of CASES) {
    it(`refuses ${c.name} and changes nothing`, async () => {
      const before = snapshot();
      await fc.assert(
        fc.asyncProperty(c.values, async (value) => {
          const answer = await sandbox.post(
            c.path(value),
            c.body(value),
            c.session ? { session: c.session } : {},
          );
          expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
          expect(answer.status, answer.text).toBeLessThan(500);
          const body = answer.body as { success: boolean; errors: { message: string }[] };
          expect(body.success).toBe(false);
          expect(body.errors.length).toBeGreaterThan(0);
          for (const error of body.errors) expect(error.message).toEqual(expect.any(String));
        }),
        { numRuns: 30 },
      );
      expect(snapshot()).toBe(before);
    });
  }
});
