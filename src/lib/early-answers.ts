/**
 * Answers of calls started before the app's code has arrived (app/start-early-calls.ts).
 *
 * On a slow cell the app's JavaScript takes the better part of a second to download; the session,
 * the shop settings, the order and the catalogue's first page need only the address and the tab's
 * handle, so the page's first, tiny script asks for them at once. When the app then makes one of
 * these calls (lib/api-client.ts), it takes the answer already on its way instead of asking again:
 * the same call (method, path, query, session handle and body), once, and only while it is fresh.
 *
 * Nothing here may import a library: this runs before they have arrived.
 */

export type EarlyAnswer = { status: number; data: unknown; headers: Record<string, string> };

type Params = Record<string, string | number | boolean | null | undefined>;

/** An early answer is used only this soon after the page started, never for a later refetch. */
export const EARLY_ANSWER_TTL_MS = 15_000;

const answers = new Map<string, Promise<EarlyAnswer>>();
let startedAt = 0;

/** The path with its query as axios writes it: in the given order, without empty values. */
function pathWithQuery(url: string, params: Params | undefined): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

/** A JSON body as the key writes it (axios sends an object as this same JSON). */
const bodyKey = (body: unknown) =>
  body === undefined || body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);

/** One key per call: method, path and query, the session handle it was made with, and its JSON body. */
const callKey = (
  method: string,
  url: string,
  params: Params | undefined,
  handle: string | undefined,
  body?: unknown,
) => `${method.toUpperCase()} ${pathWithQuery(url, params)} ${handle ?? ''} ${bodyKey(body)}`;

/**
 * Starts a call at once: a GET, or with `body` a POST of that JSON (the session open);
 * `handleHeader` carries the handle (part of the key).
 */
export function fetchEarly(
  url: string,
  options: { params?: Params; handleHeader?: [name: string, handle: string]; body?: object } = {},
): Promise<EarlyAnswer> {
  startedAt ||= Date.now();
  const [headerName, handle] = options.handleHeader ?? [];
  const headers: Record<string, string> = { accept: 'application/json' };
  if (headerName && handle) headers[headerName] = handle;
  const method = options.body ? 'POST' : 'GET';
  if (options.body) headers['content-type'] = 'application/json';
  const key = callKey(method, url, options.params, handle, options.body);
  // An absolute address: the same for a browser, and what fetch outside a browser (tests) needs.
  const address = new URL(pathWithQuery(url, options.params), window.location.href);
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.body) init.body = JSON.stringify(options.body);
  const answer = fetch(address, init).then(async (response) => {
    const named: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      named[name.toLowerCase()] = value;
    });
    // Not JSON: the app reads it as a failed call, exactly as it would have read its own request.
    const data: unknown = await response.json().catch(() => null);
    return { status: response.status, data, headers: named };
  });
  // A failed early call is not an error of its own: the app makes the call again itself.
  answer.catch(() => answers.delete(key));
  answers.set(key, answer);
  return answer;
}

/** The early answer of this call, taken (a second identical call goes to the network). */
export function takeEarlyAnswer(
  method: string,
  url: string,
  params: Params | undefined,
  handle: string | undefined,
  body?: unknown,
): Promise<EarlyAnswer> | undefined {
  if (answers.size === 0) return undefined;
  const key = callKey(method, url, params, handle, body);
  const answer = answers.get(key);
  if (!answer) return undefined;
  answers.delete(key);
  return Date.now() - startedAt <= EARLY_ANSWER_TTL_MS ? answer : undefined;
}

/** Tests: forget every early answer. */
export function clearEarlyAnswers() {
  answers.clear();
  startedAt = 0;
}
