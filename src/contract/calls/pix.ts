// The Pix charge's calls: an optional extension of the contract (src/contract/pix.ts, decision 0023).
// A backend without the extension answers them 404; the SPA only makes them once the order carries a
// `pixCharge`, so with such a backend they are never made.
import { pixChargeSchema } from '../pix.ts';
import { type CallDefinition, notShown } from './define.ts';

/** The order's current charge, as the provider last told the backend (the page polls it while pending). */
export const getPixCharge = {
  method: 'GET',
  path: '/api/order/pix/charge',
  data: pixChargeSchema,
} as const satisfies CallDefinition;

/**
 * 'Gerar novo Pix': a new charge (new BR Code, new txid, a new deadline) for the order's total, once the
 * last one expired. Refused (4xx, a Portuguese message) while it is still payable or once paid.
 */
export const renewPixCharge = {
  method: 'POST',
  path: '/api/order/pix/charge',
  data: pixChargeSchema,
} as const satisfies CallDefinition;

/** 'Enviar código Pix' (the operator): the backend sends the current code to the contact's chat. */
export const sendPixCharge = {
  method: 'POST',
  path: '/api/order/pix/charge/send',
  data: notShown,
} as const satisfies CallDefinition;

/** This domain's calls of the registry (calls.ts), in registration order. */
export const all = {
  getPixCharge,
  renewPixCharge,
  sendPixCharge,
};
