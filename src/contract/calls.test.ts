import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  buildPath,
  type CallAnswer,
  type CallBody,
  type CallData,
  type CallDefinition,
  type CallParams,
  type CallQuery,
  calls,
} from './calls.ts';
import type { Order, OrderItemUpdate } from './order.ts';

// Every row of the section 7 tables, as the specs write them ({x} becomes :x).
const shopperSpecCalls = [
  'GET /api/session/:code',
  'GET /api/shop/settings',
  'GET /api/catalog/categories',
  'GET /api/catalog/top',
  'POST /api/catalog/products/search',
  'GET /api/catalog/products/collections/:id',
  'POST /api/catalog/products/searchText',
  'GET /api/catalog/products/:id',
  'GET /api/catalog/products/byids/:ids',
  'GET /api/catalog/products/facets',
  'GET /api/order/current',
  'POST /api/order/items/',
  'POST /api/order/gift/',
  'POST /api/order/send/product/:id',
  'GET /api/order/send/resume',
  'GET /api/order/send/catalog',
  'GET /api/order/confirm',
];

const checkoutSpecCalls = [
  'POST /tray/link-store',
  'GET /tray/link-store/:id',
  'GET /api/session/:code',
  'GET /api/order/current',
  'GET /api/order/confirm',
  'POST /api/order/confirm',
  'GET /api/order/cancel',
  'POST /api/order/payment/credit/installments',
  'POST /api/order/payment/credit',
  'GET /api/order/payment/credit',
  'GET /api/order/payment/update',
  'POST /api/order/payment/mercadoPago',
  'GET /api/order/logistic/',
  'POST /api/order/logistic/',
  'POST /api/order/logistic/manual',
  'GET /api/order/stores/',
  'GET /api/order/payments/',
  'POST /api/order/payment/delivery',
  'GET /api/order/seller/',
  'POST /api/order/seller/',
  'GET /api/order/schedule',
  'POST /api/order/schedule',
  'POST /api/order/coupon/',
  'POST /api/order/discount',
  'GET /api/order/address/cep/:cep',
  'POST /api/order/address/',
  'POST /api/order/pix/manual',
  'POST /api/order/send/product/:id',
  'GET /api/order/send/resume',
  'POST /api/order/semiautomatic',
  'POST /api/customer/update',
  'GET /api/order/price-tables',
  'POST /api/order/price-tables/:id',
];

// The optional extensions the specs do not carry, each with its decision record: the Pix charge (0023),
// the chat app's (0024).
const extensionCalls = [
  'GET /api/order/pix/charge',
  'POST /api/order/pix/charge',
  'POST /api/order/pix/charge/send',
  // The chat app's extensions (0024): the shop's public profile, the public product read of a share
  // link, and the session transfer of 'Abrir no navegador'.
  'GET /api/shop/public-profile',
  'GET /api/public/shops/:slug/products/:productId',
  'POST /api/session/transfer',
  'POST /api/session/transfer/redeem',
];

const entries = Object.entries(calls) as [string, CallDefinition][];
const registered = entries.map(([, call]) => `${call.method} ${call.path}`);

const isSchema = (value: unknown) =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value;

describe('call registry', () => {
  it('gives every call a method, a path under /api/ or /tray/ and a data schema', () => {
    for (const [name, call] of entries) {
      expect(['GET', 'POST'], name).toContain(call.method);
      expect(call.path, name).toMatch(/^\/(api|tray)\//);
      expect(isSchema(call.data), name).toBe(true);
    }
  });

  it('gives every body, query and params entry a schema', () => {
    for (const [name, call] of entries) {
      for (const part of [call.body, call.query, call.params]) {
        if (part !== undefined) expect(isSchema(part), name).toBe(true);
      }
    }
  });

  it('sends no body with a GET', () => {
    for (const [name, call] of entries) {
      if (call.method === 'GET') expect(call.body, name).toBeUndefined();
    }
  });

  it('has a params schema exactly when the path has :param segments', () => {
    for (const [name, call] of entries) {
      expect(call.params !== undefined, name).toBe(call.path.includes(':'));
    }
  });

  it('includes every call of the shopper spec', () => {
    expect(registered).toEqual(expect.arrayContaining(shopperSpecCalls));
  });

  it('includes every call of the checkout spec', () => {
    expect(registered).toEqual(expect.arrayContaining(checkoutSpecCalls));
  });

  it('has no call beyond the specs and their recorded extensions, and no duplicate', () => {
    const expected = new Set([...shopperSpecCalls, ...checkoutSpecCalls, ...extensionCalls]);
    expect(new Set(registered)).toEqual(expected);
    expect(registered).toHaveLength(expected.size);
  });

  it('uses camelCase call names', () => {
    for (const [name] of entries) expect(name).toMatch(/^[a-z][A-Za-z]*$/);
  });
});

describe('building a path', () => {
  it('fills and encodes the path parameters', () => {
    expect(buildPath(calls.getProduct.path, { id: '123&456' })).toBe('/api/catalog/products/123%26456');
    expect(buildPath(calls.getProductsByIds.path, { ids: '1,2' })).toBe('/api/catalog/products/byids/1%2C2');
    expect(buildPath(calls.getSession.path, { code: 'anonymous-session' })).toBe(
      '/api/session/anonymous-session',
    );
  });

  it('leaves a path without parameters unchanged, trailing slash included', () => {
    expect(buildPath(calls.updateOrderItem.path, {})).toBe('/api/order/items/');
  });

  it('throws on a missing parameter', () => {
    expect(() => buildPath(calls.setPriceTable.path, { id: '' })).toThrow(/id/);
  });

  it('keeps a path parameter from escaping its segment', () => {
    expect(buildPath(calls.getLinkedChatbot.path, { id: '../admin' })).toBe('/tray/link-store/..%2Fadmin');
  });
});

describe('call types', () => {
  it('types the data, body, query and path parameters of a call', () => {
    expectTypeOf<CallData<'getCurrentOrder'>>().toEqualTypeOf<Order>();
    expectTypeOf<CallAnswer<'getCurrentOrder'>['data']>().toEqualTypeOf<Order | null | undefined>();
    expectTypeOf<CallBody<'updateOrderItem'>>().toEqualTypeOf<OrderItemUpdate>();
    expectTypeOf<CallBody<'getCurrentOrder'>>().toBeNever();
    expectTypeOf<CallQuery<'listTopProducts'>>().toHaveProperty('perPage');
    expectTypeOf<CallParams<'getProduct'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<CallParams<'lookupCep'>>().toEqualTypeOf<{ cep: string }>();
  });

  it('rejects wire-name typos in typed fixtures', () => {
    // @ts-expect-error the wire spells it totalAmout
    const order: Order = { id: 'o', items: [], totalAmount: 10 };
    expect(order.id).toBe('o');
  });
});
