// What a call definition is, the building blocks the domain files share, and the path helpers.
// Each domain's definitions live in their own file (session, catalog, order, tray, checkout,
// payment) so a screen imports only its own calls' schemas: the landing route reads the session's,
// the catalogue's and the order's, never the checkout's. calls.ts assembles them into the registry.
import { z } from 'zod/mini';
import { pathId, pathIdList } from '../shared.ts';

export type HttpMethod = 'GET' | 'POST';

export type CallDefinition = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.core.SomeType;
  readonly query?: z.core.SomeType;
  readonly body?: z.core.SomeType;
  readonly data: z.core.SomeType;
  /**
   * A GET that changes the order (the spec's confirm, cancel and payment update): like every POST,
   * its success tells the tab's other pages to read the order again (lib/order-changed.ts).
   */
  readonly writes?: true;
};

/** The answer's data when the spec does not show it. */
export const notShown = z.unknown();

export const idParams = z.strictObject({ id: pathId });
/** Comma-separated product ids. */
export const idsParams = z.strictObject({ ids: pathIdList });

// ---------------------------------------------------------------------------------------------
// Paths

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The `:param` names of an Express-style path, as an object type. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/**
 * A path parameter's value as the SPA gives it: one value, or a list sent comma-joined with each
 * item encoded on its own (the products-by-ids call: the commas stay commas).
 */
export type PathValue = string | readonly string[];

/** PathParams where a value may also be a list (see PathValue). */
export type PathValues<P extends string> = { [K in ParamNames<P>]: PathValue };

/**
 * Fills an Express-style path's `:param` segments, URL-encoding each value (product ids may hold
 * '&', '=' and ','); a list is encoded item by item and joined with ','. Throws on a missing or
 * empty value.
 */
export const buildPath = <P extends string>(path: P, params: PathParams<P> | PathValues<P>): string =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = (params as Record<string, PathValue | undefined>)[name];
    if (value === undefined || value.length === 0) {
      throw new Error(`Missing path parameter '${name}' for ${path}`);
    }
    return typeof value === 'string' ? encodeURIComponent(value) : value.map(encodeURIComponent).join(',');
  });
