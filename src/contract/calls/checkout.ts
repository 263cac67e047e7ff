// Checkout (checkout spec): agent actions, logistics, sellers, schedule, coupon, discount, price
// tables and addresses.
import { z } from 'zod/mini';
import {
  addressInputSchema,
  agentConfirmSchema,
  cepLookupSchema,
  cepParamsSchema,
  couponQuerySchema,
  customerUpdateSchema,
  discountQuerySchema,
  logisticChoiceSchema,
  logisticOptionSchema,
  logisticQuerySchema,
  manualLogisticBodySchema,
  manualLogisticQuerySchema,
  priceTableSchema,
  scheduleChoiceSchema,
  scheduleSchema,
  sellerChoiceSchema,
  sellerOptionSchema,
  storeAddressSchema,
} from '../checkout.ts';
import { orderSchema, orderStatusResultSchema } from '../order.ts';
import { addressSchema } from '../session.ts';
import { type CallDefinition, idParams, notShown } from './define.ts';

// ----- Agent actions
/** Checkout confirmation (agent or shopper): the screens read success and the first error's message. */
export const agentConfirmOrder = {
  method: 'POST',
  path: '/api/order/confirm',
  body: agentConfirmSchema,
  data: notShown,
} as const satisfies CallDefinition;

/** "status Canceled": the order, or at least its status. */
export const cancelOrder = {
  method: 'GET',
  writes: true,
  path: '/api/order/cancel',
  data: orderStatusResultSchema,
} as const satisfies CallDefinition;

/** "flow switch": not shown; the SPA reloads the order to read isInSemiAutomatic. */
export const toggleSemiAutomatic = {
  method: 'POST',
  path: '/api/order/semiautomatic',
  data: notShown,
} as const satisfies CallDefinition;

export const updateCustomer = {
  method: 'POST',
  path: '/api/customer/update',
  body: customerUpdateSchema,
  data: notShown,
} as const satisfies CallDefinition;

// ----- Logistics, sellers, schedule
export const listLogisticOptions = {
  method: 'GET',
  path: '/api/order/logistic/',
  query: logisticQuerySchema,
  data: z.array(logisticOptionSchema),
} as const satisfies CallDefinition;

export const setLogistic = {
  method: 'POST',
  path: '/api/order/logistic/',
  body: logisticChoiceSchema,
  data: orderSchema,
} as const satisfies CallDefinition;

export const setManualLogistic = {
  method: 'POST',
  path: '/api/order/logistic/manual',
  query: manualLogisticQuerySchema,
  body: manualLogisticBodySchema,
  data: orderSchema,
} as const satisfies CallDefinition;

export const listStores = {
  method: 'GET',
  path: '/api/order/stores/',
  data: z.array(storeAddressSchema),
} as const satisfies CallDefinition;

export const listSellers = {
  method: 'GET',
  path: '/api/order/seller/',
  query: logisticQuerySchema,
  data: z.array(sellerOptionSchema),
} as const satisfies CallDefinition;

export const setSeller = {
  method: 'POST',
  path: '/api/order/seller/',
  body: sellerChoiceSchema,
  data: orderSchema,
} as const satisfies CallDefinition;

export const getSchedule = {
  method: 'GET',
  path: '/api/order/schedule',
  data: scheduleSchema,
} as const satisfies CallDefinition;

/** The spec gives "schedule options" as the answer of both; scheduleSchema also accepts an order. */
export const setSchedule = {
  method: 'POST',
  path: '/api/order/schedule',
  body: scheduleChoiceSchema,
  data: scheduleSchema,
} as const satisfies CallDefinition;

// ----- Coupon, discount, price tables
export const applyCoupon = {
  method: 'POST',
  path: '/api/order/coupon/',
  query: couponQuerySchema,
  data: orderSchema,
} as const satisfies CallDefinition;

export const applyDiscount = {
  method: 'POST',
  path: '/api/order/discount',
  query: discountQuerySchema,
  data: orderSchema,
} as const satisfies CallDefinition;

export const listPriceTables = {
  method: 'GET',
  path: '/api/order/price-tables',
  data: z.array(priceTableSchema),
} as const satisfies CallDefinition;

export const setPriceTable = {
  method: 'POST',
  path: '/api/order/price-tables/:id',
  params: idParams,
  data: orderSchema,
} as const satisfies CallDefinition;

// ----- Addresses
export const lookupCep = {
  method: 'GET',
  path: '/api/order/address/cep/:cep',
  params: cepParamsSchema,
  data: cepLookupSchema,
} as const satisfies CallDefinition;

/** Answer: the customer's address list. */
export const addAddress = {
  method: 'POST',
  path: '/api/order/address/',
  body: addressInputSchema,
  data: z.array(addressSchema),
} as const satisfies CallDefinition;

/** This domain's calls of the registry (calls.ts), in registration order. */
export const all = {
  agentConfirmOrder,
  cancelOrder,
  toggleSemiAutomatic,
  updateCustomer,
  listLogisticOptions,
  setLogistic,
  setManualLogistic,
  listStores,
  listSellers,
  setSeller,
  getSchedule,
  setSchedule,
  applyCoupon,
  applyDiscount,
  listPriceTables,
  setPriceTable,
  lookupCep,
  addAddress,
};
