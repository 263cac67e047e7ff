// Cart and order (shopper spec), and the operator's sends to the chat contact (both specs).
import { catalogSendOptionsSchema } from '../catalog.ts';
import {
  confirmQuerySchema,
  giftSelectionSchema,
  orderItemUpdateSchema,
  orderSchema,
  sendProductBodySchema,
} from '../order.ts';
import { type CallDefinition, idParams, notShown } from './define.ts';

export const getCurrentOrder = {
  method: 'GET',
  path: '/api/order/current',
  data: orderSchema,
} as const satisfies CallDefinition;

/** Returns the updated order. */
export const updateOrderItem = {
  method: 'POST',
  path: '/api/order/items/',
  body: orderItemUpdateSchema,
  data: orderSchema,
} as const satisfies CallDefinition;

/** "update gifts": answered with the updated order, like the item update. */
export const updateGifts = {
  method: 'POST',
  path: '/api/order/gift/',
  body: giftSelectionSchema,
  data: orderSchema,
} as const satisfies CallDefinition;

/** Shopper confirmation; `expectedTotal` (the cart's total) is our optional extension (decision 0022). */
export const confirmOrder = {
  method: 'GET',
  writes: true,
  path: '/api/order/confirm',
  query: confirmQuerySchema,
  data: notShown,
} as const satisfies CallDefinition;

// ----- Operator sends to the chat contact (both specs)
export const sendProduct = {
  method: 'POST',
  path: '/api/order/send/product/:id',
  params: idParams,
  body: sendProductBodySchema,
  data: notShown,
} as const satisfies CallDefinition;

export const sendOrderSummary = {
  method: 'GET',
  path: '/api/order/send/resume',
  data: notShown,
} as const satisfies CallDefinition;

export const sendCatalog = {
  method: 'GET',
  path: '/api/order/send/catalog',
  query: catalogSendOptionsSchema,
  data: notShown,
} as const satisfies CallDefinition;

/** This domain's calls of the registry (calls.ts), in registration order. */
export const all = {
  getCurrentOrder,
  updateOrderItem,
  updateGifts,
  confirmOrder,
  sendProduct,
  sendOrderSummary,
  sendCatalog,
};
