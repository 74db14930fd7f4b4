import type { Shape } from './response-json-plan.ts';

/** Says where and how a response does not fit its shape (`response.orders[3].price: …`), or null if it fits. */
export type ShapeCheck = (value: unknown) => string | null;

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const SCALAR_TESTS = {
  null: (v: unknown) => v === null,
  string: (v: unknown) => typeof v === 'string',
  number: (v: unknown) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v: unknown) => typeof v === 'boolean',
};
const SCALAR_NAMES = {
  null: 'null',
  string: 'a string',
  number: 'a finite number',
  boolean: 'true or false',
};

/** Where below the value and how it does not fit (`[3].price: expected …`), or null if it fits. */
type Check = (value: unknown) => string | null;

const expected = (what: string, value: unknown) => `: expected ${what}, got ${kindOf(value)}`;
const missing = (key: string) => `.${key}: required but missing`;

/** The check of one shape; null when anything fits. */
function checkOf(shape: Shape): Check | null {
  if (shape.kind === 'anything') return null;
  const body = bodyCheck(shape);
  return shape.nullable && shape.kind !== 'null' ? (value) => (value === null ? null : body(value)) : body;
}

function bodyCheck(shape: Exclude<Shape, { kind: 'anything' }>): Check {
  if (shape.kind === 'array') {
    const item = checkOf(shape.items);
    return (value) => {
      if (!Array.isArray(value)) return expected('an array', value);
      if (item)
        for (let index = 0; index < value.length; index++) {
          const failure = item(value[index]);
          if (failure !== null) return `[${index}]${failure}`;
        }
      return null;
    };
  }
  if (shape.kind === 'object') {
    const properties = shape.properties.map(({ key, shape: child, isRequired }) => ({
      key,
      isRequired,
      // zod lets an unknown/any field hold undefined but not be absent.
      isAnything: child.kind === 'anything',
      check: checkOf(child),
    }));
    const declared = new Set(shape.properties.map((property) => property.key));
    const extra = shape.extra ? checkOf(shape.extra) : null;
    return (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return expected('an object', value);
      const object = value as Record<string, unknown>;
      for (const { key, isRequired, isAnything, check } of properties) {
        if (isAnything) {
          if (isRequired && !(key in object)) return missing(key);
          continue;
        }
        const field = object[key];
        if (field === undefined) {
          if (isRequired) return missing(key);
        } else if (check) {
          const failure = check(field);
          if (failure !== null) return `.${key}${failure}`;
        }
      }
      if (extra)
        for (const key of Object.keys(object)) {
          if (declared.has(key)) continue;
          const failure = extra(object[key]);
          if (failure !== null) return `.${key}${failure}`;
        }
      return null;
    };
  }
  const test = SCALAR_TESTS[shape.kind];
  const name = SCALAR_NAMES[shape.kind];
  const isNullable = shape.nullable;
  return (value) => (test(value) || (isNullable && value === null) ? null : expected(name, value));
}

/**
 * Builds, once per schema, the check zod's encode made on every response and fast-json-stringify does not:
 * required fields present, null only where nullable, each value of its JSON type. Constraints (enum members,
 * lengths, formats) are left out, as they describe valid data rather than the shape written. Plain closures
 * chosen once per schema, so the per-request cost is a few property reads and calls per field, and the path
 * of a misfit is only put together when there is one.
 */
export function compileShapeCheck(shape: Shape): ShapeCheck {
  const check = checkOf(shape);
  return function checkResponseShape(value) {
    const failure = check ? check(value) : null;
    return failure === null ? null : `response${failure}`;
  };
}
