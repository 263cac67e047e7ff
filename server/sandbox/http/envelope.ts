// Every answer of the sandbox is the spec's result envelope: { success, data, errors }, with errors
// as [{ message, code, type, status }] (both specs, section 3), built with the contract's helpers.
// Messages are Portuguese because the SPA may show them to the shopper as they are. On an HTTP
// refusal `code` and `status` both carry the HTTP status (the spec's default error, built by the
// client when no answer arrives, has status 0).
import type { Response } from 'express';
import { apiError, errorEnvelope, okEnvelope } from '../contract.ts';

/** The kinds of refusal the sandbox answers, as the error object's `type`. */
export type ErrorType = 'validation' | 'unauthorized' | 'not-found' | 'unsupported' | 'error';

export function sendOk(res: Response, data: unknown, status = 200): void {
  res.status(status).json(okEnvelope(data));
}

export function sendError(res: Response, status: number, message: string, type: ErrorType): void {
  res.status(status).json(errorEnvelope(apiError(message, status, type, status)));
}

/** Thrown by handlers to refuse a call; the final error handler turns it into an envelope. */
export class SandboxHttpError extends Error {
  readonly status: number;
  readonly type: ErrorType;

  constructor(status: number, message: string, type: ErrorType) {
    super(message);
    this.name = 'SandboxHttpError';
    this.status = status;
    this.type = type;
  }
}

export const badRequest = (message: string) => new SandboxHttpError(400, message, 'validation');
export const notFound = (message: string) => new SandboxHttpError(404, message, 'not-found');
