// What every checkout route file shares: its dependencies (database and clock), the route path of a
// call taken from the contract's registry, and the field-error answer of the customer forms.
import type { RequestHandler, Response } from 'express';
import { apiError, type CallDefinition, errorEnvelope } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { currentShopSession } from '../http/auth.ts';
import { notFound } from '../http/envelope.ts';
import { InputError } from '../http/input.ts';
import { findShop, type Shop } from '../shop/shops.ts';

/** The clock of the checkout rules (schedule cut-offs, timestamps); tests inject a fixed one. */
export type Clock = () => Date;

export type CheckoutDeps = { db: SandboxDb; now: Clock };

/**
 * The call's path below the router's mount point, so a route can never drift from the registry:
 * routePath(calls.listStores, '/api/order') is '/stores/'.
 */
export function routePath(call: CallDefinition, mount: string): string {
  if (!call.path.startsWith(`${mount}/`)) throw new Error(`${call.path} is not under ${mount}`);
  return call.path.slice(mount.length);
}

/** The session's shop, for the calls that read the shop's configuration but not the order. */
export function currentShop(db: SandboxDb, res: Response): Shop {
  const shop = findShop(db, currentShopSession(res).shopId);
  if (!shop) throw notFound('Loja não encontrada.');
  return shop;
}

/**
 * The query without empty values: the SPA sends `number=` (and `code=` before a CEP is typed) and
 * an empty parameter means "not given", not a malformed value.
 */
export function withoutEmptyValues(query: unknown): Record<string, unknown> {
  if (typeof query !== 'object' || query === null) return {};
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/** One refused field of a form: the message the SPA shows under it. */
export type FieldError = { field: string; message: string };

/**
 * A refusal carrying every problem of a form at once (the customer fields, the agent's confirmation),
 * not just the first: the SPA shows each under its field, and the 'Finalizar Pedido' modal the first.
 */
export class FieldErrors extends Error {
  readonly errors: readonly [FieldError, ...FieldError[]];

  constructor(errors: readonly [FieldError, ...FieldError[]]) {
    super(errors[0].message);
    this.name = 'FieldErrors';
    this.errors = errors;
  }
}

/** Throws the collected problems, if any. */
export function throwIfAny(errors: readonly FieldError[]): void {
  const [first, ...rest] = errors;
  if (first) throw new FieldErrors([first, ...rest]);
}

/**
 * Answers 400 with one error object per problem: the usual { message, code, type, status } plus
 * `field`, the name of the refused field as sent (name, email, document, corporateDocument...).
 */
export function sendFieldErrors(res: Response, error: FieldErrors): void {
  const [first, ...rest] = error.errors.map((e) => ({
    ...apiError(e.message, 400, 'validation', 400),
    field: e.field,
  }));
  if (first) res.status(400).json(errorEnvelope(first, ...rest));
}

/**
 * Runs a handler, answering its FieldErrors with every field's message, and a body field the
 * contract's schema refused (too long, wrong type) the same way, under its field (other errors go on
 * as usual).
 */
export const answeringFieldErrors =
  (handler: RequestHandler): RequestHandler =>
  (req, res, next) => {
    try {
      return handler(req, res, next);
    } catch (error) {
      if (error instanceof InputError && error.field !== undefined) {
        sendFieldErrors(res, new FieldErrors([{ field: error.field, message: error.message }]));
        return;
      }
      if (!(error instanceof FieldErrors)) throw error;
      sendFieldErrors(res, error);
    }
  };
