import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver for a zod (or zod/mini) schema. @hookform/resolvers would do this, but
 * its optional peer dependencies on other validation libraries break `npm install` here (see
 * docs/decisions/0006-checkout.md); the mapping from zod issues to field errors is all we need.
 */
type SafeParseSchema<T> = {
  safeParse(value: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[] };
      };
};

export function zodFormResolver<T extends FieldValues>(schema: SafeParseSchema<T>): Resolver<T> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.map(String).join('.');
      // The first message of a field is the one shown (the schema lists the checks in order).
      if (name && !errors[name]) errors[name] = { type: issue.code ?? 'validation', message: issue.message };
    }
    return { values: {}, errors: nestErrors(errors) as FieldErrors<T> };
  };
}

/** 'address.street' → { address: { street } }, as react-hook-form reads its errors. */
function nestErrors(flat: Record<string, { type: string; message: string }>): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = nested;
    const last = keys.pop() ?? path;
    for (const key of keys) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[last] = error;
  }
  return nested;
}
