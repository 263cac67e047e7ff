import type { z } from 'zod/mini';
import { buildPath, type CallDefinition, type PathValues } from '@/contract/calls/define.ts';
import { type ApiAnswer, apiCall, parseData } from './api-client.ts';
import { announceOrderChanged } from './order-changed.ts';

/**
 * The one way the SPA makes a call: from its contract definition (src/contract/calls/<domain>.ts),
 * typed by it. The path's `:params` are filled (each value URL-encoded; a list comma-joined), the
 * query and body go as given, and the answer's `data` is parsed with the definition's schema. The
 * transport, the envelope, the errors and the session handling are apiCall's (api-client.ts): a
 * failed call, or data of the wrong shape, is an ApiError with the server's first message or
 * `failureMessage`.
 */

type HasNoParams<P extends string> = P extends `${string}:${string}` ? false : true;

/** `params` when the path has `:names` (each a value or a list), none otherwise. */
type ParamsInput<D extends CallDefinition> =
  HasNoParams<D['path']> extends true ? { params?: never } : { params: PathValues<D['path']> };
/** `query` as the definition's query schema takes it (optional: its fields may be left out), none otherwise. */
type QueryInput<D extends CallDefinition> = D extends { query: infer Q extends z.core.SomeType }
  ? { query?: z.input<Q> }
  : { query?: never };
/** `body` as the definition's body schema takes it, none otherwise. */
type BodyInput<D extends CallDefinition> = D extends { body: infer B extends z.core.SomeType }
  ? { body: z.input<B> }
  : { body?: never };

export type CallOptions = {
  /** Resolve with the answer's headers too: `{ data, headers }` (the session's handle comes in one). */
  withHeaders?: boolean;
  /**
   * `false`: the answer's data is not read, so not parsed either (a card payment's success is its
   * envelope's; its refusals are read from the ApiError). Resolves with the data as sent.
   */
  parse?: false;
  /**
   * The send must outlive the page: the shopper is leaving (for the chat, a reload, another app).
   * Resolves as any call when the page is still there to hear the answer.
   */
  keepalive?: boolean;
};

export type CallInput<D extends CallDefinition> = ParamsInput<D> & QueryInput<D> & BodyInput<D> & CallOptions;

/** The parsed `data` of a definition's answer. */
export type CallOutput<D extends CallDefinition> = z.output<D['data']>;

/** The parsed data with the answer's headers (names in lower case). */
export type CallAnswerWithHeaders<D extends CallDefinition> = {
  data: CallOutput<D>;
  headers: ApiAnswer['headers'];
};

export function call<const D extends CallDefinition>(
  def: D,
  input: CallInput<D> & { withHeaders: true },
  failureMessage: string,
): Promise<CallAnswerWithHeaders<D>>;
export function call<const D extends CallDefinition>(
  def: D,
  input: CallInput<D> & { parse: false },
  failureMessage: string,
): Promise<unknown>;
export function call<const D extends CallDefinition>(
  def: D,
  input: CallInput<D>,
  failureMessage: string,
): Promise<CallOutput<D>>;
export async function call<const D extends CallDefinition>(
  def: D,
  input: CallInput<D>,
  failureMessage: string,
): Promise<unknown> {
  const given = input as CallOptions & { params?: PathValues<string>; query?: unknown; body?: unknown };
  // axios treats an undefined params (the query) or data (the body) as absent.
  const answer = await apiCall(
    {
      method: def.method,
      url: given.params ? buildPath(def.path, given.params) : def.path,
      params: given.query,
      data: given.body,
      keepalive: given.keepalive === true,
    },
    failureMessage,
  );
  // A write went through: the shopper's other pages read the order again.
  if (def.method === 'POST' || def.writes) announceOrderChanged();
  const data =
    given.parse === false
      ? answer.data
      : parseData(def.data as z.ZodMiniType<CallOutput<D>>, answer.data, failureMessage);
  return given.withHeaders ? { data, headers: answer.headers } : data;
}
