// Registry of every call of both specs' section 7 tables: method, Express-style path, the strict
// schemas of what the sandbox accepts (params, query, body) and the tolerant schema of the answer's
// `data` (every answer is wrapped in the { success, data, errors } envelope, see answerSchemaOf).
//
// Paths keep the spec's trailing slashes ('/api/order/items/'); Express 5 routes match with or
// without one (strict routing off). Register the static product routes (search, searchText,
// facets, byids, collections) before '/api/catalog/products/:id', which would otherwise catch them
// (calls/catalog.ts keeps them in that order).
//
// The definitions live per domain in calls/ (session, catalog, order, tray, checkout, payment, pix,
// chat-app), so
// the SPA imports only its screen's: the landing route never carries the checkout's schemas. This
// file assembles them for the BFF, the sandbox and the tests.
//
// Where the spec says "not shown", the answer is `z.unknown()` (the screens use only success and
// errors) unless a comment gives the reason for a shape.
import type { z } from 'zod/mini';
import { all as catalogCalls } from './calls/catalog.ts';
import { all as chatAppCalls } from './calls/chat-app.ts';
import { all as checkoutCalls } from './calls/checkout.ts';
import type { CallDefinition, PathParams } from './calls/define.ts';
import { all as orderCalls } from './calls/order.ts';
import { all as paymentCalls } from './calls/payment.ts';
import { all as pixCalls } from './calls/pix.ts';
import { all as sessionCalls } from './calls/session.ts';
import { all as trayCalls } from './calls/tray.ts';
import { envelopeOf } from './envelope.ts';

export {
  buildPath,
  type CallDefinition,
  type HttpMethod,
  type PathParams,
} from './calls/define.ts';

export const calls = {
  ...sessionCalls,
  ...catalogCalls,
  ...orderCalls,
  ...trayCalls,
  ...checkoutCalls,
  ...paymentCalls,
  // The Pix charge: an optional extension (src/contract/pix.ts, decision 0023).
  ...pixCalls,
  // The chat app's extensions: public profile and public product read (src/contract/chat-app.ts, decision 0024).
  ...chatAppCalls,
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
