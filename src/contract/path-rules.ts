// What may stand in a path parameter, per kind of value, without the validation library: the SPA's
// landing route builds product paths with it, and the BFF checks the same rules (through the
// contract's params schemas, built on these patterns) before it forwards a call.

/**
 * An identifier: one segment of letters, digits and the few marks ids use ('&', '=', ',' in variant
 * ids), never '/', '\', '%', a space, a control character or a dot first (so never '.' or '..'). A
 * crafted product link ('..%2F..%2Forder%2Fconfirm', '%2e%2e', '..%5C', '%00', '%252e') is refused
 * instead of reaching another call with the shopper's session.
 */
export const PATH_ID_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._~:&=,+-]{0,199}$/;
/** Comma-separated identifiers (the products-by-ids call): the same characters, longer. */
export const PATH_ID_LIST_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._~:&=,+-]{0,1999}$/;
/** A Brazilian postal code, with or without the hyphen: 00000-000 or 00000000. */
export const CEP_PATTERN = /^\d{5}-?\d{3}$/;

/** A value that breaks its path rule: the call is not made. */
export class PathParamError extends Error {
  constructor() {
    super('A path parameter breaks its rule');
    this.name = 'PathParamError';
  }
}

/** The value itself, once it passes `rule` (the call helper encodes it); PathParamError otherwise. */
export function pathValue(value: string, rule: RegExp = PATH_ID_PATTERN): string {
  if (!rule.test(value)) throw new PathParamError();
  return value;
}

/** The value as one encoded path segment, once it passes `rule`; PathParamError otherwise. */
export function pathSegment(value: string, rule: RegExp = PATH_ID_PATTERN): string {
  return encodeURIComponent(pathValue(value, rule));
}
