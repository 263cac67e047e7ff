// Payment (checkout spec).
import { z } from 'zod/mini';
import {
  cardFinishResultSchema,
  cardPaymentPayloadSchema,
  creditCardOptionSchema,
  installmentsBodySchema,
  manualPixKeySchema,
  mercadoPagoPaymentSchema,
  paymentDeliveryBodySchema,
  paymentOptionSchema,
} from '../checkout.ts';
import { orderSchema } from '../order.ts';
import { opt } from '../shared.ts';
import { type CallDefinition, notShown } from './define.ts';

export const setInstallments = {
  method: 'POST',
  path: '/api/order/payment/credit/installments',
  body: installmentsBodySchema,
  data: orderSchema,
} as const satisfies CallDefinition;

export const payWithCard = {
  method: 'POST',
  path: '/api/order/payment/credit',
  body: cardPaymentPayloadSchema,
  data: cardFinishResultSchema,
} as const satisfies CallDefinition;

export const listCardOptions = {
  method: 'GET',
  path: '/api/order/payment/credit',
  data: z.array(creditCardOptionSchema),
} as const satisfies CallDefinition;

/** "change payment method": not shown; the SPA then shows the change-payment page. */
export const changePaymentMethod = {
  method: 'GET',
  writes: true,
  path: '/api/order/payment/update',
  data: notShown,
} as const satisfies CallDefinition;

/** Payload and answer not shown: the brick's form data in, the card payment's result out. */
export const payWithMercadoPago = {
  method: 'POST',
  path: '/api/order/payment/mercadoPago',
  body: mercadoPagoPaymentSchema,
  data: cardFinishResultSchema,
} as const satisfies CallDefinition;

export const listPaymentOptions = {
  method: 'GET',
  path: '/api/order/payments/',
  data: z.array(paymentOptionSchema),
} as const satisfies CallDefinition;

export const setPaymentOnDelivery = {
  method: 'POST',
  path: '/api/order/payment/delivery',
  body: paymentDeliveryBodySchema,
  data: orderSchema,
} as const satisfies CallDefinition;

/** Payload not shown (taken as none); answer: the manual Pix key. */
export const getManualPixKey = {
  method: 'POST',
  path: '/api/order/pix/manual',
  data: opt(manualPixKeySchema),
} as const satisfies CallDefinition;

/** This domain's calls of the registry (calls.ts), in registration order. */
export const all = {
  setInstallments,
  payWithCard,
  listCardOptions,
  changePaymentMethod,
  payWithMercadoPago,
  listPaymentOptions,
  setPaymentOnDelivery,
  getManualPixKey,
};
