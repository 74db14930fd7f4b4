import type { $ZodType, $ZodTypes } from 'zod/v4/core';

/**
 * Why a zod response schema cannot be serialized from its JSON Schema byte for byte like zod's own
 * encode + JSON.stringify, or null when it can. A whitelist: anything not listed falls back to zod.
 */
export function unsupportedZodPart(schema: $ZodType, at = 'response'): string | null {
  if (acceptsUndefined(schema)) return `${at} may be undefined (JSON.stringify writes null or nothing)`;
  return partProblem(schema, at);
}

function partProblem(schema: $ZodType, at: string): string | null {
  const def = (schema as $ZodTypes)._zod.def;
  // trim(), toLowerCase() and friends rewrite the value as zod encodes it; a JSON Schema cannot.
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return `${at} rewrites its value`;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return def.coerce ? `${at} is a coerced ${def.type}` : null;
    case 'null':
    case 'enum':
    case 'unknown':
    case 'any':
      return null;
    case 'literal':
      return def.values.every(isJsonValue) ? null : `${at} is a literal JSON cannot hold`;
    case 'nullable':
    case 'optional':
    case 'readonly':
      return partProblem(def.innerType, at);
    case 'array':
      if (acceptsUndefined(def.element)) return `${at}[] may hold undefined`;
      return partProblem(def.element, `${at}[]`);
    case 'object': {
      const extra = def.catchall?._zod.def.type;
      if (extra !== undefined && extra !== 'unknown' && extra !== 'any')
        return `${at} has a ${extra} catchall`;
      for (const [key, value] of Object.entries(def.shape)) {
        const problem = partProblem(value, `${at}.${key}`);
        if (problem) return problem;
      }
      return null;
    }
    case 'record': {
      const key = (def.keyType as $ZodTypes)._zod.def;
      if (key.type !== 'string' || key.checks?.length)
        return `${at} is a record whose keys are not plain strings`;
      return partProblem(def.valueType, `${at}{}`);
    }
    default:
      // transform, pipe (and so codecs), default, catch, date, lazy, custom, union, tuple, …
      return `${at} is a ${def.type}`;
  }
}

/** A value zod lets through as undefined, which JSON.stringify writes as null in an array. */
function acceptsUndefined(schema: $ZodType): boolean {
  const def = (schema as $ZodTypes)._zod.def;
  if (def.type === 'optional' || def.type === 'unknown' || def.type === 'any') return true;
  if (def.type === 'nullable' || def.type === 'readonly') return acceptsUndefined(def.innerType);
  return false;
}

const isJsonValue = (value: unknown): boolean =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));
