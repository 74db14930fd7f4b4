import type { Shape } from './response-json-plan.ts';

/**
 * Whether `JSON.stringify` writes a response that has passed its shape check byte for byte as
 * fast-json-stringify writes it from the schema (decision 360).
 */
export type ExactFit = (value: unknown) => boolean;

type Fit = (value: unknown) => boolean;

const isPlainObject = (value: object): boolean => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** The fit of one shape's value; null when every value that passed the check fits. */
function fitOf(shape: Shape): Fit | null {
  if (shape.kind === 'array') {
    // fast-json-stringify writes an absent item of an unknown shape as nothing, JSON.stringify as null.
    const item =
      shape.items.kind === 'anything' ? (value: unknown) => value !== undefined : fitOf(shape.items);
    return (value) => {
      if (value === null) return true;
      const array = value as unknown[];
      if (item) for (let index = 0; index < array.length; index++) if (!item(array[index])) return false;
      return true;
    };
  }
  if (shape.kind !== 'object') return null;
  // Declared keys are written first, then the extra ones: the same order as the object's only when
  // there is one kind of key.
  if (shape.extra && shape.properties.length > 0) return () => false;
  const keys = shape.properties.map((property) => property.key);
  const fits = shape.properties.map((property) => fitOf(property.shape));
  const extra = shape.extra ? fitOf(shape.extra) : null;
  const isRecord = shape.extra !== null;
  return (value) => {
    if (value === null) return true;
    const object = value as Record<string, unknown>;
    // A class's object (a Date, a toJSON) is written by JSON.stringify as that class says.
    if (!isPlainObject(object)) return false;
    if (isRecord) {
      if (extra) for (const key in object) if (!extra(object[key])) return false;
      return true;
    }
    // The object's keys are the declared ones, in their order, each declared key it skips absent.
    let at = 0;
    for (const key in object) {
      while (at < keys.length && keys[at] !== key) {
        // Present but not met here: out of order, or not enumerable.
        if (object[keys[at]!] !== undefined) return false;
        at++;
      }
      if (at === keys.length) return false;
      const fit = fits[at];
      const field = object[key];
      if (fit && field !== undefined && !fit(field)) return false;
      at++;
    }
    // A declared key the loop did not see (not enumerable) would be written by the schema alone.
    for (; at < keys.length; at++) if (object[keys[at]!] !== undefined) return false;
    return true;
  };
}

/**
 * Builds, once per schema, the test of whether a response that fits its shape is already exactly what
 * the schema writes: plain objects whose keys are the declared ones in the schema's order (an absent
 * optional key skipped), no undeclared keys, arrays without holes. Such a response is written by
 * `JSON.stringify`, which makes one flat string in native code; fast-json-stringify built the same text
 * from some thousand small strings a page (51 KB of garbage for a page of ten orders, 17 KB now). Values
 * need no test: the shape check let through only strings, finite numbers, booleans and null where the
 * schema names them, which both write alike, and unknown values both give to `JSON.stringify`.
 */
export function compileExactFit(shape: Shape): ExactFit {
  const fit = fitOf(shape);
  return function fitsExactly(value) {
    return fit ? fit(value) : true;
  };
}
