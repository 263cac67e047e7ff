// Every answer of both specs is wrapped as { success, data, errors }; every error as
// { message, code, type, status }. On failure the product builds one default error
// (code 500, type 'error', status 0) unless the server supplies its own errors.
import { z } from 'zod/mini';
import { opt, tolerant } from './shared.ts';

export const DEFAULT_ERROR_CODE = 500;
export const DEFAULT_ERROR_TYPE = 'error';
export const DEFAULT_ERROR_STATUS = 0;

/**
 * One error of an answer. Only the message is required: the screens show the first server message.
 * `code` may be a number (500) or, from a real backend, a text code: codes beyond the default are
 * not shown by the spec.
 */
export const apiErrorSchema = tolerant({
  message: z.string(),
  code: opt(z.union([z.number(), z.string()])),
  type: opt(z.string()),
  status: opt(z.number()),
});

/** A fully built error, as the BFF, the sandbox and the SPA's api client make them. */
export type ApiErrorObject = { message: string; code: number | string; type: string; status: number };

/** Builds an error object with the spec's defaults (code 500, type 'error', status 0). */
export const apiError = (
  message: string,
  code: number | string = DEFAULT_ERROR_CODE,
  type: string = DEFAULT_ERROR_TYPE,
  status: number = DEFAULT_ERROR_STATUS,
): ApiErrorObject => ({ message, code, type, status });

/** The answer envelope around a data schema. `data` and `errors` may be absent or null. */
export const envelopeOf = <T extends z.core.SomeType>(data: T) =>
  tolerant({
    success: z.boolean(),
    data: opt(data),
    errors: opt(z.array(apiErrorSchema)),
  });

/** A successful envelope. */
export const okEnvelope = <T>(data: T): { success: true; data: T; errors: ApiErrorObject[] } => ({
  success: true,
  data,
  errors: [],
});

/** A failed envelope holding the given errors (at least one). */
export const errorEnvelope = (
  first: ApiErrorObject,
  ...rest: ApiErrorObject[]
): { success: false; data: null; errors: ApiErrorObject[] } => ({
  success: false,
  data: null,
  errors: [first, ...rest],
});

/** The first server message of an answer, if any (the 'Finalizar Pedido' modal shows it). */
export const firstErrorMessage = (envelope: { errors?: readonly { message: string }[] | null }) =>
  envelope.errors?.[0]?.message;
