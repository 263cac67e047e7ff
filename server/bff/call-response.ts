import type { ServerResponse } from 'node:http';

/**
 * A response with `locals`, where one call's steps leave notes for each other: the request id, why
 * the backend could not be reached (for the log line), the page's policy and framing (for the
 * security headers). Express gives every response its `res.locals`; a call answered without Express
 * (proxied-calls.ts) gets the same object first, so the logger, the proxy and the error envelope
 * work the same whichever served the call.
 */
export type CallResponse = ServerResponse & { locals: Record<string, unknown> };

/** The response as a CallResponse, with empty `locals` unless Express already gave it some. */
export function withLocals(res: ServerResponse): CallResponse {
  const response = res as CallResponse;
  response.locals ??= Object.create(null) as Record<string, unknown>;
  return response;
}
