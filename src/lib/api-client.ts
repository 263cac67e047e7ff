import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { z } from 'zod/mini';
import { envelopeOf } from '@/contract/envelope.ts';
import { SESSION_HANDLE_HEADER } from '@/contract/session-code.ts';
import { trackCall } from './network-status.ts';

/**
 * The SPA's one transport: every request to the BFF goes through apiCall (lib/call.ts makes it from
 * the contract's definitions). It sends the tab's session handle, reads the `{ success, data,
 * errors }` envelope, and returns `data` or throws an ApiError carrying the first error (or the
 * call's default Portuguese message, per the spec's error catalogue: code 500, type 'error',
 * status 0). Parsing `data` with the contract is the caller's job, one api function per call.
 *
 * axios sends with XMLHttpRequest; a send that must outlive the page (a quantity, a note or the
 * contact's draft when the shopper leaves for the chat or reloads) asks for `keepalive`, and goes
 * through axios's fetch adapter with fetch's `keepalive`, which the browser finishes after the
 * page is gone.
 */

export type ApiErrorItem = {
  message: string;
  code: number;
  type: string;
  status: number;
  /** The form field the error belongs to, when the server names one (per-field validation). */
  field?: string;
};

export class ApiError extends Error {
  readonly errors: ApiErrorItem[];
  readonly httpStatus: number;
  /**
   * The failed envelope's `data`, unparsed, when it carries one (a declined card payment answers its
   * result there); undefined otherwise. Parsing it is the caller's job, as for a success.
   */
  readonly data?: unknown;
  constructor(errors: ApiErrorItem[], httpStatus: number, data?: unknown) {
    super(errors[0]?.message ?? 'Erro desconhecido');
    this.name = 'ApiError';
    this.errors = errors;
    this.httpStatus = httpStatus;
    if (data !== undefined && data !== null) this.data = data;
  }
}

/** A call that got no answer at all (offline, the connection dropped): the server may or may not have it. */
export function gotNoAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus === 0;
}

let sessionHandle: string | undefined;

/** The tab's session handle (never the code): sent on every call so the BFF finds the tab's session. */
export function setSessionHandle(handle: string | undefined): void {
  sessionHandle = handle;
}

/** The handle this page sends (session/follow-new-links.ts compares it with the tab's). */
export function currentSessionHandle(): string | undefined {
  return sessionHandle;
}

/**
 * The BFF's answer to a call whose tab session the browser no longer holds (its cookie evicted by
 * newer chat links, or past its 12 hours): 401 with the error type 'session_missing'. No call of the
 * tab can succeed after it; the tab shows 'Abra o link do chat novamente' (app/shell/session-layout.tsx).
 */
export const SESSION_MISSING = 'session_missing';

export function isSessionEnded(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.httpStatus === 401 &&
    error.errors.some((item) => item.type === SESSION_MISSING)
  );
}

const sessionEndedListeners = new Set<() => void>();

/** Calls `listener` whenever a call finds the tab's session ended; returns the unsubscribe. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

/** The failure of a call, told to the session-ended listeners first when it is that one. */
function failure(error: ApiError): ApiError {
  if (isSessionEnded(error)) for (const listener of sessionEndedListeners) listener();
  return error;
}

const http = axios.create({
  // The page's own origin, spelled out: a browser reads a relative address so anyway, but fetch (the
  // keepalive sends) outside a browser (the component tests) needs an absolute address.
  baseURL: globalThis.location?.origin,
  // The BFF owns timeouts (and answers an envelope when the backend is slow): the spec says none here.
  timeout: 0,
  // Every answer is read as an envelope, whatever its status.
  validateStatus: () => true,
  // fetch for every call, not only the keepalive sends: the build leaves axios's XMLHttpRequest
  // adapter out of the landing route (build/axios-fetch-only.ts).
  adapter: 'fetch',
  headers: { Accept: 'application/json' },
});

http.interceptors.request.use((config) => {
  if (sessionHandle) config.headers.set(SESSION_HANDLE_HEADER, sessionHandle);
  return config;
});

function defaultError(message: string): ApiErrorItem {
  return { message, code: 500, type: 'error', status: 0 };
}

/** The { success, data, errors } envelope, as the contract spells it (the BFF checks answers with it too). */
const envelope = envelopeOf(z.unknown());
type EnvelopeErrors = z.output<typeof envelope>['errors'];

/** The envelope's errors with the spec's defaults filled in; the call's default error when it has none. */
function readErrors(errors: EnvelopeErrors, fallback: string): ApiErrorItem[] {
  if (!errors || errors.length === 0) return [defaultError(fallback)];
  return errors.map((item) => {
    const error: ApiErrorItem = {
      message: item.message || fallback,
      code: typeof item.code === 'number' ? item.code : 500,
      type: item.type ?? 'error',
      status: item.status ?? 0,
    };
    // A field the server names (per-field validation) rides along: the contract's error keeps unknown fields.
    const field: unknown = (item as { field?: unknown }).field;
    if (typeof field === 'string' && field) error.field = field;
    return error;
  });
}

export type ApiRequest = Pick<AxiosRequestConfig, 'method' | 'url' | 'params' | 'data'> & {
  /** The send must outlive the page (the shopper is leaving it): fetch's keepalive. */
  keepalive?: boolean;
};

async function request({ keepalive, ...config }: ApiRequest, failureMessage: string) {
  try {
    return await http.request<unknown>({
      ...config,
      responseType: 'json',
      ...(keepalive ? { fetchOptions: { keepalive: true } } : {}),
    });
  } catch {
    // No answer at all (offline, aborted): the same default error as the spec's catalogue.
    throw new ApiError([defaultError(failureMessage)], 0);
  }
}

export type ApiAnswer = { data: unknown; headers: Record<string, string | undefined> };

/**
 * Performs one call. `failureMessage` is what the shopper reads when the server gives no message.
 * Resolves with the envelope's data (unparsed) and the answer's headers.
 */
export async function apiCall(config: ApiRequest, failureMessage: string): Promise<ApiAnswer> {
  // A call still waiting after a few seconds is told to the shopper (lib/network-status.ts).
  const settled = trackCall();
  let response: Pick<AxiosResponse, 'status' | 'data' | 'headers'>;
  try {
    response = await request(config, failureMessage);
  } finally {
    settled();
  }
  const parsed = envelope.safeParse(response.data);
  const body = parsed.success ? parsed.data : undefined;
  if (body?.success !== true) {
    throw failure(new ApiError(readErrors(body?.errors, failureMessage), response.status, body?.data));
  }
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value;
  }
  return { data: body.data, headers };
}

/** Parses data with a contract schema; a wrong shape is a failed call, not a crash. */
export function parseData<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  data: unknown,
  failureMessage: string,
): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError([defaultError(failureMessage)], 200);
  return result.data;
}
