// Registry of every call of both specs' section 7 tables: method, Express-style path, the strict
// schemas of what the sandbox accepts (params, query, body) and the tolerant schema of the answer's
// `data` (every answer is wrapped in the { success, data, errors } envelope, see answerSchemaOf).
//
// Paths keep the spec's trailing slashes ('/api/order/items/'); Express 5 routes match with or
// without one (strict routing off). Register the static product routes (search, searchText,
// facets, byids, collections) before '/api/catalog/products/:id', which would otherwise catch them.
//
// Where the spec says "not shown", the answer is `z.unknown()` (the screens use only success and
// errors) unless a comment gives the reason for a shape.
import { z } from 'zod/mini';
import {
  catalogSendOptionsSchema,
  categoriesQuerySchema,
  categorySchema,
  collectionProductsQuerySchema,
  facetSchema,
  facetsQuerySchema,
  pagedProductResultSchema,
  productSchema,
  productSearchBodySchema,
  textSearchBodySchema,
  topProductsQuerySchema,
} from './catalog.ts';
import {
  addressInputSchema,
  agentConfirmSchema,
  cardFinishResultSchema,
  cardPaymentPayloadSchema,
  cepLookupSchema,
  cepParamsSchema,
  couponQuerySchema,
  creditCardOptionSchema,
  customerUpdateSchema,
  discountQuerySchema,
  installmentsBodySchema,
  logisticChoiceSchema,
  logisticOptionSchema,
  logisticQuerySchema,
  manualLogisticBodySchema,
  manualLogisticQuerySchema,
  manualPixKeySchema,
  mercadoPagoPaymentSchema,
  paymentDeliveryBodySchema,
  paymentOptionSchema,
  priceTableSchema,
  scheduleChoiceSchema,
  scheduleSchema,
  sellerChoiceSchema,
  sellerOptionSchema,
  storeAddressSchema,
} from './checkout.ts';
import { envelopeOf } from './envelope.ts';
import {
  giftSelectionSchema,
  orderItemUpdateSchema,
  orderSchema,
  orderStatusResultSchema,
  sendProductBodySchema,
} from './order.ts';
import { addressSchema, SESSION_CODE_PATTERN, sessionSchema } from './session.ts';
import { opt, pathId, pathIdList } from './shared.ts';
import { shopSettingsSchema } from './shop-settings.ts';
import { linkedChatbotIdSchema, storeIdParamsSchema, storeLinkPayloadSchema } from './tray.ts';

export type HttpMethod = 'GET' | 'POST';

export type CallDefinition = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.core.SomeType;
  readonly query?: z.core.SomeType;
  readonly body?: z.core.SomeType;
  readonly data: z.core.SomeType;
};

/** The answer's data when the spec does not show it. */
const notShown = z.unknown();

/** The session code in the path: URL-safe characters only ('anonymous-session' included). */
const sessionCodeParams = z.strictObject({
  code: z.string().check(z.regex(SESSION_CODE_PATTERN)),
});
const idParams = z.strictObject({ id: pathId });
/** Comma-separated product ids. */
const idsParams = z.strictObject({ ids: pathIdList });

export const calls = {
  // ----- Session and settings (both specs)
  getSession: {
    method: 'GET',
    path: '/api/session/:code',
    params: sessionCodeParams,
    data: sessionSchema,
  },
  /** "read from the nested data": the settings are the envelope's data. */
  getShopSettings: { method: 'GET', path: '/api/shop/settings', data: shopSettingsSchema },

  // ----- Catalogue (shopper spec)
  listCategories: {
    method: 'GET',
    path: '/api/catalog/categories',
    query: categoriesQuerySchema,
    data: z.array(categorySchema),
  },
  listTopProducts: {
    method: 'GET',
    path: '/api/catalog/top',
    query: topProductsQuerySchema,
    data: pagedProductResultSchema,
  },
  searchProducts: {
    method: 'POST',
    path: '/api/catalog/products/search',
    body: productSearchBodySchema,
    data: pagedProductResultSchema,
  },
  listCollectionProducts: {
    method: 'GET',
    path: '/api/catalog/products/collections/:id',
    params: idParams,
    query: collectionProductsQuerySchema,
    data: pagedProductResultSchema,
  },
  searchProductsByText: {
    method: 'POST',
    path: '/api/catalog/products/searchText',
    body: textSearchBodySchema,
    data: pagedProductResultSchema,
  },
  getProductFacets: {
    method: 'GET',
    path: '/api/catalog/products/facets',
    query: facetsQuerySchema,
    data: z.array(facetSchema),
  },
  getProductsByIds: {
    method: 'GET',
    path: '/api/catalog/products/byids/:ids',
    params: idsParams,
    data: z.array(productSchema),
  },
  getProduct: {
    method: 'GET',
    path: '/api/catalog/products/:id',
    params: idParams,
    data: productSchema,
  },

  // ----- Cart and order (shopper spec)
  getCurrentOrder: { method: 'GET', path: '/api/order/current', data: orderSchema },
  /** Returns the updated order. */
  updateOrderItem: {
    method: 'POST',
    path: '/api/order/items/',
    body: orderItemUpdateSchema,
    data: orderSchema,
  },
  /** "update gifts": answered with the updated order, like the item update. */
  updateGifts: { method: 'POST', path: '/api/order/gift/', body: giftSelectionSchema, data: orderSchema },
  /** Shopper confirmation. */
  confirmOrder: { method: 'GET', path: '/api/order/confirm', data: notShown },

  // ----- Operator sends to the chat contact (both specs)
  sendProduct: {
    method: 'POST',
    path: '/api/order/send/product/:id',
    params: idParams,
    body: sendProductBodySchema,
    data: notShown,
  },
  sendOrderSummary: { method: 'GET', path: '/api/order/send/resume', data: notShown },
  sendCatalog: {
    method: 'GET',
    path: '/api/order/send/catalog',
    query: catalogSendOptionsSchema,
    data: notShown,
  },

  // ----- Store-platform link (checkout spec)
  linkStore: { method: 'POST', path: '/tray/link-store', body: storeLinkPayloadSchema, data: notShown },
  getLinkedChatbot: {
    method: 'GET',
    path: '/tray/link-store/:id',
    params: storeIdParamsSchema,
    data: linkedChatbotIdSchema,
  },

  // ----- Agent actions (checkout spec)
  /** Checkout confirmation (agent or shopper): the screens read success and the first error's message. */
  agentConfirmOrder: { method: 'POST', path: '/api/order/confirm', body: agentConfirmSchema, data: notShown },
  /** "status Canceled": the order, or at least its status. */
  cancelOrder: { method: 'GET', path: '/api/order/cancel', data: orderStatusResultSchema },
  /** "flow switch": not shown; the SPA reloads the order to read isInSemiAutomatic. */
  toggleSemiAutomatic: { method: 'POST', path: '/api/order/semiautomatic', data: notShown },
  updateCustomer: {
    method: 'POST',
    path: '/api/customer/update',
    body: customerUpdateSchema,
    data: notShown,
  },

  // ----- Payment (checkout spec)
  setInstallments: {
    method: 'POST',
    path: '/api/order/payment/credit/installments',
    body: installmentsBodySchema,
    data: orderSchema,
  },
  payWithCard: {
    method: 'POST',
    path: '/api/order/payment/credit',
    body: cardPaymentPayloadSchema,
    data: cardFinishResultSchema,
  },
  listCardOptions: {
    method: 'GET',
    path: '/api/order/payment/credit',
    data: z.array(creditCardOptionSchema),
  },
  /** "change payment method": not shown; the SPA then shows the change-payment page. */
  changePaymentMethod: { method: 'GET', path: '/api/order/payment/update', data: notShown },
  /** Payload and answer not shown: the brick's form data in, the card payment's result out. */
  payWithMercadoPago: {
    method: 'POST',
    path: '/api/order/payment/mercadoPago',
    body: mercadoPagoPaymentSchema,
    data: cardFinishResultSchema,
  },
  listPaymentOptions: { method: 'GET', path: '/api/order/payments/', data: z.array(paymentOptionSchema) },
  setPaymentOnDelivery: {
    method: 'POST',
    path: '/api/order/payment/delivery',
    body: paymentDeliveryBodySchema,
    data: orderSchema,
  },
  /** Payload not shown (taken as none); answer: the manual Pix key. */
  getManualPixKey: { method: 'POST', path: '/api/order/pix/manual', data: opt(manualPixKeySchema) },

  // ----- Logistics, sellers, schedule (checkout spec)
  listLogisticOptions: {
    method: 'GET',
    path: '/api/order/logistic/',
    query: logisticQuerySchema,
    data: z.array(logisticOptionSchema),
  },
  setLogistic: {
    method: 'POST',
    path: '/api/order/logistic/',
    body: logisticChoiceSchema,
    data: orderSchema,
  },
  setManualLogistic: {
    method: 'POST',
    path: '/api/order/logistic/manual',
    query: manualLogisticQuerySchema,
    body: manualLogisticBodySchema,
    data: orderSchema,
  },
  listStores: { method: 'GET', path: '/api/order/stores/', data: z.array(storeAddressSchema) },
  listSellers: {
    method: 'GET',
    path: '/api/order/seller/',
    query: logisticQuerySchema,
    data: z.array(sellerOptionSchema),
  },
  setSeller: { method: 'POST', path: '/api/order/seller/', body: sellerChoiceSchema, data: orderSchema },
  getSchedule: { method: 'GET', path: '/api/order/schedule', data: scheduleSchema },
  /** The spec gives "schedule options" as the answer of both; scheduleSchema also accepts an order. */
  setSchedule: {
    method: 'POST',
    path: '/api/order/schedule',
    body: scheduleChoiceSchema,
    data: scheduleSchema,
  },

  // ----- Coupon, discount, price tables (checkout spec)
  applyCoupon: { method: 'POST', path: '/api/order/coupon/', query: couponQuerySchema, data: orderSchema },
  applyDiscount: {
    method: 'POST',
    path: '/api/order/discount',
    query: discountQuerySchema,
    data: orderSchema,
  },
  listPriceTables: { method: 'GET', path: '/api/order/price-tables', data: z.array(priceTableSchema) },
  setPriceTable: { method: 'POST', path: '/api/order/price-tables/:id', params: idParams, data: orderSchema },

  // ----- Addresses (checkout spec)
  lookupCep: {
    method: 'GET',
    path: '/api/order/address/cep/:cep',
    params: cepParamsSchema,
    data: cepLookupSchema,
  },
  /** Answer: the customer's address list. */
  addAddress: {
    method: 'POST',
    path: '/api/order/address/',
    body: addressInputSchema,
    data: z.array(addressSchema),
  },
} as const satisfies Record<string, CallDefinition>;

export type Calls = typeof calls;
export type CallName = keyof Calls;

/** The parsed `data` of a call's answer. */
export type CallData<N extends CallName> = z.output<Calls[N]['data']>;
/** What the SPA sends as a call's body (before defaults are applied). */
export type CallBody<N extends CallName> = Calls[N] extends { body: infer B extends z.core.SomeType }
  ? z.input<B>
  : never;
/** What the SPA sends as a call's query (numbers or numeric text). */
export type CallQuery<N extends CallName> = Calls[N] extends { query: infer Q extends z.core.SomeType }
  ? z.input<Q>
  : never;
/** The path parameters of a call, by name. */
export type CallParams<N extends CallName> = PathParams<Calls[N]['path']>;

/** The full answer schema of a call: its data in the envelope. */
export const answerSchemaOf = <N extends CallName>(name: N): AnswerSchema<N> =>
  envelopeOf(calls[name].data as Calls[N]['data']);

/** The envelope schema type of a call's answer. */
export type AnswerSchema<N extends CallName> = ReturnType<typeof envelopeOf<Calls[N]['data']>>;
/** The parsed answer (envelope and data) of a call. */
export type CallAnswer<N extends CallName> = z.output<AnswerSchema<N>>;

// ---------------------------------------------------------------------------------------------
// Paths

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The `:param` names of an Express-style path, as an object type. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/**
 * Fills an Express-style path's `:param` segments, URL-encoding each value (product ids may hold
 * '&', '=' and ','). Throws on a missing or empty value.
 */
export const buildPath = <P extends string>(path: P, params: PathParams<P>): string =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(value);
  });
