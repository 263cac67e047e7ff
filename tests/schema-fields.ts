// The fields of the contract's input schemas (every call's body, query and path parameters), walked
// through zod's definitions: the field-label tests check that each has a Portuguese label and that a
// refused value never answers with its English key.
import type { z } from 'zod/mini';
import { type CallDefinition, calls } from '@/contract/calls.ts';

export type SchemaField = {
  call: string;
  part: 'body' | 'query' | 'params';
  /** The path to the field, array elements as index 0: ['payer', 'identification', 'number']. */
  path: (string | number)[];
  /** The field's own schema type at the leaf ('string', 'number', 'union', 'object'...). */
  type: string;
};

type Def = {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  element?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
};

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/** The schema without its optional, nullable and pipe wrappers (a pipe's input side). */
function unwrapped(schema: z.core.$ZodType): z.core.$ZodType {
  const def = defOf(schema);
  if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) {
    return unwrapped(def.innerType);
  }
  if (def.type === 'pipe' && def.in) return unwrapped(def.in);
  return schema;
}

function walk(
  schema: z.core.$ZodType,
  path: (string | number)[],
  found: (path: (string | number)[], leaf: z.core.$ZodType) => void,
) {
  const inner = unwrapped(schema);
  const def = defOf(inner);
  if (path.length > 0) found(path, inner);
  if (def.type === 'object' && def.shape) {
    for (const [key, value] of Object.entries(def.shape)) walk(value, [...path, key], found);
  } else if (def.type === 'array' && def.element) {
    walk(def.element, [...path, 0], found);
  } else if (def.type === 'union' && def.options) {
    // A union's object options name fields too (geoCoordinates' latitude and longitude).
    for (const option of def.options) {
      const optionDef = defOf(unwrapped(option));
      if (optionDef.type === 'object' && optionDef.shape) {
        for (const [key, value] of Object.entries(optionDef.shape)) walk(value, [...path, key], found);
      }
    }
  }
}

/** Every field of every call's input, with the call and the part it is in. */
export function contractInputFields(): SchemaField[] {
  const fields: SchemaField[] = [];
  for (const [call, definition] of Object.entries(calls) as [string, CallDefinition][]) {
    for (const part of ['body', 'query', 'params'] as const) {
      const schema = definition[part];
      if (!schema) continue;
      walk(schema as z.core.$ZodType, [], (path, leaf) => {
        fields.push({ call, part, path, type: defOf(leaf).type });
      });
    }
  }
  return fields;
}

/** An object holding `value` at `path` (arrays for numeric steps), nothing else. */
export function valueAtPath(path: readonly (string | number)[], value: unknown): unknown {
  return path.reduceRight<unknown>(
    (inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }),
    value,
  );
}
