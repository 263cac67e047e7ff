// Building blocks shared by every contract file.
//
// Two families:
// - ANSWER helpers (`tolerant`, `opt`): what the commerce backend sends. Unknown fields pass through
//   and optional fields also accept null, because the real backend may send more than the spec shows
//   and sends null for absent values.
// - INPUT helpers (`idString`, `shortText`, `quantity`, `queryInt`...): what the sandbox accepts.
//   Strict and bounded, so a bad request gets a 400 instead of reaching the rules or the database.
import { z } from 'zod/mini';
import { CEP_PATTERN, PATH_ID_LIST_PATTERN, PATH_ID_PATTERN } from './path-rules.ts';

/** Optional on the wire, and null counts as absent (real backends send null). */
export const opt = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

/**
 * A tolerant answer object: at run time a `z.looseObject` (unknown fields are kept), typed as if it
 * were a plain object. Without the cast the inferred type carries `[k: string]: unknown`, which would
 * let a typo such as `totalAmount` (the wire says `totalAmout`) type-check silently in code and fixtures.
 */
export const tolerant = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.looseObject(shape) as unknown as z.ZodMiniObject<S, z.core.$strip>;

// ---------------------------------------------------------------------------------------------
// Input bounds

export const MAX_ID_LENGTH = 200;
export const MAX_SHORT_TEXT = 200;
export const MAX_FREE_TEXT = 2000;
/** Upper bound of one item's quantity: a sanity limit, not a business rule of the spec. */
export const MAX_QUANTITY = 99_999;
/** Upper bound of any money amount accepted as input (BRL). */
export const MAX_MONEY = 100_000_000;
/** Upper bound of list inputs (attributes, filters, selected gifts). */
export const MAX_LIST = 100;

/** A non-empty identifier, bounded. Ids may hold '&', '=' and ',' (variant ids), so no charset rule. */
export const idString = z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH));
/** Short text (names, search text, tokens); may be empty. */
export const shortText = z.string().check(z.maxLength(MAX_SHORT_TEXT));
/** Short text that must not be empty. */
export const requiredText = z.string().check(z.minLength(1), z.maxLength(MAX_SHORT_TEXT));
/** Free text (preferences, manual payment information). */
export const freeText = z.string().check(z.maxLength(MAX_FREE_TEXT));
/** A whole, non-negative quantity (0 removes an item). */
export const quantity = z.int().check(z.minimum(0), z.maximum(MAX_QUANTITY));
/** A non-negative money amount. */
export const money = z.number().check(z.minimum(0), z.maximum(MAX_MONEY));
/** An identifier as a path parameter (path-rules.ts says which characters). */
export const pathId = z.string().check(z.regex(PATH_ID_PATTERN));
/** Comma-separated path identifiers (the products-by-ids call). */
export const pathIdList = z.string().check(z.regex(PATH_ID_LIST_PATTERN));
/** A Brazilian postal code, with or without the hyphen: 00000-000 or 00000000. */
export const cepString = z.string().check(z.regex(CEP_PATTERN));

// ---------------------------------------------------------------------------------------------
// Query-string values arrive as text. These accept a number or a numeric string, convert it and
// reject anything else (empty text, spaces, signs where not allowed, exponents, hex...).
// `z.coerce.number()` is not used on purpose: it turns '' and null into 0.

const digits = z.string().check(z.regex(/^\d{1,9}$/));
const decimalText = z.string().check(z.regex(/^\d{1,12}(\.\d{1,2})?$/));

/** A whole number from a query string (or a number), within [min, max]. */
export const queryInt = (min = 0, max = 1_000_000) =>
  z.pipe(
    z.union([z.int(), digits]),
    z.pipe(
      z.transform((value: number | string) => Number(value)),
      z.int().check(z.minimum(min), z.maximum(max)),
    ),
  );

/** A non-negative money amount from a query string: digits with an optional dot and 1-2 decimals. */
export const queryMoney = z.pipe(
  z.union([z.number(), decimalText]),
  z.pipe(
    z.transform((value: number | string) => Number(value)),
    money,
  ),
);

/**
 * One of an enumeration's numeric codes, from a query string ('1') or a number (1).
 * The output type is the enumeration's code type.
 */
export const queryCode = <const E extends Readonly<Record<string, number>>>(enumObject: E) =>
  z.pipe(
    z.union([z.int(), digits]),
    z.pipe(
      z.transform((value: number | string) => Number(value)),
      z.enum(enumObject),
    ),
  );
