// Every answer of the sandbox is the spec's result envelope: { success, data, errors }, with errors
// as [{ message, code, type, status }] (both specs, section 3), built with the contract's helpers.
// Messages are Portuguese because the SPA may show them to the shopper as they are. On an HTTP
// refusal `code` and `status` both carry the HTTP status (the spec's default error, built by the
// client when no answer arrives, has status 0).
import type { Response } from 'express';
import { apiError, errorEnvelope, okEnvelope, type TOTAL_CHANGED_ERROR_TYPE } from '../contract.ts';

/** The kinds of refusal the sandbox answers, as the error object's `type`. */
export type ErrorType =
  | 'validation'
  | 'unauthorized'
  | 'not-found'
  | 'unsupported'
  | 'error'
  | typeof TOTAL_CHANGED_ERROR_TYPE;

export function sendOk(res: Response, data: unknown, status = 200): void {
  res.status(status).json(okEnvelope(data));
}

/** A refusal; `data`, when given, travels beside the error (the total-changed refusal's current total). */
export function sendError(
  res: Response,
  status: number,
  message: string,
  type: ErrorType,
  data: unknown = null,
): void {
  res.status(status).json({ ...errorEnvelope(apiError(message, status, type, status)), data });
}

/** Thrown by handlers to refuse a call; the final error handler turns it into an envelope. */
export class SandboxHttpError extends Error {
  readonly status: number;
  readonly type: ErrorType;
  /** What the envelope's `data` carries with the refusal (null for most). */
  readonly data: unknown;

  constructor(status: number, message: string, type: ErrorType, data: unknown = null) {
    super(message);
    this.name = 'SandboxHttpError';
    this.status = status;
    this.type = type;
    this.data = data;
  }
}

export const badRequest = (message: string) => new SandboxHttpError(400, message, 'validation');
export const notFound = (message: string) => new SandboxHttpError(404, message, 'not-found');
