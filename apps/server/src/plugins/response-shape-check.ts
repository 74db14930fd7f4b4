import type { Shape } from './response-json-plan.ts';

/** Says where and how a response does not fit its shape (`response.orders[3].price: …`), or null if it fits. */
export type ShapeCheck = (value: unknown) => string | null;

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const SCALAR_TESTS = {
  null: (v: string) => `${v} === null`,
  string: (v: string) => `typeof ${v} === "string"`,
  number: (v: string) => `(typeof ${v} === "number" && Number.isFinite(${v}))`,
  boolean: (v: string) => `typeof ${v} === "boolean"`,
};
const SCALAR_NAMES = {
  null: 'null',
  string: 'a string',
  number: 'a finite number',
  boolean: 'true or false',
};

/**
 * Compiles, once per schema, the check zod's encode made on every response and fast-json-stringify does not:
 * required fields present, null only where nullable, each value of its JSON type. Constraints (enum members,
 * lengths, formats) are left out, as they describe valid data rather than the shape written. Generated code,
 * like fast-json-stringify's and zod's own, so the per-request cost is a few property reads per field.
 */
export function compileShapeCheck(shape: Shape): ShapeCheck {
  let counter = 0;
  const fresh = (prefix: string) => `${prefix}${counter++}`;

  const fail = (path: string, v: string, what: string) =>
    `return ${path} + ${JSON.stringify(`: expected ${what}, got `)} + kindOf(${v});`;

  const code = (s: Shape, v: string, path: string): string => {
    if (s.kind === 'anything') return '';
    const body = bodyCode(s, v, path);
    return s.nullable && s.kind !== 'null' ? `if (${v} !== null) {${body}}` : body;
  };

  const bodyCode = (s: Exclude<Shape, { kind: 'anything' }>, v: string, path: string): string => {
    if (s.kind === 'array') {
      const i = fresh('i');
      const item = fresh('e');
      return `if (!Array.isArray(${v})) ${fail(path, v, 'an array')}
        for (let ${i} = 0; ${i} < ${v}.length; ${i}++) {
          const ${item} = ${v}[${i}];
          ${code(s.items, item, `${path} + "[" + ${i} + "]"`)}
        }`;
    }
    if (s.kind === 'object') {
      let out = `if (typeof ${v} !== "object" || ${v} === null || Array.isArray(${v})) ${fail(path, v, 'an object')}`;
      for (const { key, shape: child, isRequired } of s.properties) {
        const field = fresh('p');
        const at = `${path} + ${JSON.stringify(`.${key}`)}`;
        const name = JSON.stringify(key);
        const missing = `return ${at} + ": required but missing";`;
        // zod lets an unknown/any field hold undefined but not be absent.
        if (child.kind === 'anything') {
          out += isRequired ? `if (!(${name} in ${v})) ${missing}` : '';
          continue;
        }
        out += `const ${field} = ${v}[${name}];
          if (${field} === undefined) {${isRequired ? missing : ''}} else {${code(child, field, at)}}`;
      }
      if (s.extra && s.extra.kind !== 'anything') {
        const key = fresh('k');
        const value = fresh('x');
        const declared = JSON.stringify(s.properties.map((p) => p.key));
        out += `for (const ${key} of Object.keys(${v})) {
            if (${declared}.includes(${key})) continue;
            const ${value} = ${v}[${key}];
            ${code(s.extra, value, `${path} + "." + ${key}`)}
          }`;
      }
      return out;
    }
    const test = SCALAR_TESTS[s.kind](v);
    return `if (!(${test}${s.nullable ? ` || ${v} === null` : ''})) ${fail(path, v, SCALAR_NAMES[s.kind])}`;
  };

  const source = `return function checkResponseShape(value) {${code(shape, 'value', '"response"')} return null; }`;
  // Built from our own schemas only, never from request data.
  return new Function('kindOf', source)(kindOf) as ShapeCheck;
}
