import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { SESSION_HANDLE_HEADER } from '@/contract/session-code.ts';
import { takeEarlyAnswer } from './early-answers.ts';
import { trackCall } from './network-status.ts';

/**
 * Transport only: sends a call through the BFF, reads the `{ success, data, errors }` envelope,
 * and returns `data` or throws an ApiError carrying the first error (or the call's default
 * Portuguese message, per the spec's error catalogue: code 500, type 'error', status 0).
 * Parsing `data` with the contract is the caller's job, one api function per call.
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

/** The tab's session handle, for the few requests sent outside axios (keepalive fetch on page exit). */
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
  // The BFF owns timeouts (and answers an envelope when the backend is slow): the spec says none here.
  timeout: 0,
  // Every answer is read as an envelope, whatever its status.
  validateStatus: () => true,
  headers: { Accept: 'application/json' },
});

http.interceptors.request.use((config) => {
  if (sessionHandle) config.headers.set(SESSION_HANDLE_HEADER, sessionHandle);
  return config;
});

function defaultError(message: string): ApiErrorItem {
  return { message, code: 500, type: 'error', status: 0 };
}

function readErrors(value: unknown, fallback: string): ApiErrorItem[] {
  if (!Array.isArray(value) || value.length === 0) return [defaultError(fallback)];
  return value.map((item) => {
    const e = (item ?? {}) as Partial<ApiErrorItem>;
    const error: ApiErrorItem = {
      message: typeof e.message === 'string' && e.message ? e.message : fallback,
      code: typeof e.code === 'number' ? e.code : 500,
      type: typeof e.type === 'string' ? e.type : 'error',
      status: typeof e.status === 'number' ? e.status : 0,
    };
    if (typeof e.field === 'string' && e.field) error.field = e.field;
    return error;
  });
}

async function request(config: AxiosRequestConfig, failureMessage: string) {
  try {
    return await http.request<unknown>({ ...config, responseType: 'json' });
  } catch {
    // No answer at all (offline, aborted): the same default error as the spec's catalogue.
    throw new ApiError([defaultError(failureMessage)], 0);
  }
}

/** The answer of the same call started by the page's first script, if there is one (lib/early-answers.ts). */
async function earlyAnswerOf(
  config: AxiosRequestConfig,
): Promise<Pick<AxiosResponse, 'status' | 'data' | 'headers'> | undefined> {
  if (!config.url) return undefined;
  const early = takeEarlyAnswer(
    config.method ?? 'GET',
    config.url,
    config.params,
    sessionHandle,
    config.data,
  );
  // An early call that failed on the way is made again, as if it had never been started.
  return early?.catch(() => undefined);
}

export type ApiAnswer = { data: unknown; headers: Record<string, string | undefined> };

/**
 * Performs one call. `failureMessage` is what the shopper reads when the server gives no message.
 * Resolves with the envelope's data (unparsed) and the answer's headers.
 */
export async function apiCall(config: AxiosRequestConfig, failureMessage: string): Promise<ApiAnswer> {
  // A call still waiting after a few seconds is told to the shopper (lib/network-status.ts).
  const settled = trackCall();
  let response: Pick<AxiosResponse, 'status' | 'data' | 'headers'>;
  try {
    response = (await earlyAnswerOf(config)) ?? (await request(config, failureMessage));
  } finally {
    settled();
  }
  const body = response.data as { success?: unknown; data?: unknown; errors?: unknown } | null;
  if (!body || typeof body !== 'object' || body.success !== true) {
    const data = body && typeof body === 'object' ? body.data : undefined;
    throw failure(new ApiError(readErrors(body?.errors, failureMessage), response.status, data));
  }
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value;
  }
  return { data: body.data, headers };
}

/**
 * apiCall's twin for a page that is going away (pagehide, tab hidden): a keepalive fetch survives the
 * unload and, unlike navigator.sendBeacon, carries the tab's session handle header, without which the
 * BFF finds no session. Resolves with the envelope's data when the page is still there to read it.
 */
export async function keepaliveCall(url: string, data: unknown, failureMessage: string): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (sessionHandle) headers[SESSION_HANDLE_HEADER] = sessionHandle;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(data),
      keepalive: true,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError([defaultError(failureMessage)], 0);
  }
  const body = (await response.json().catch(() => null)) as {
    success?: unknown;
    data?: unknown;
    errors?: unknown;
  } | null;
  if (!body || typeof body !== 'object' || body.success !== true) {
    throw failure(new ApiError(readErrors(body?.errors, failureMessage), response.status, body?.data));
  }
  return body.data;
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
