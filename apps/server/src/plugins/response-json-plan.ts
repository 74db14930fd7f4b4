type JsonSchema = { [keyword: string]: unknown };

/** The shape of a response as the serializer needs it: types, nullability, properties in zod's order. */
export type Shape =
  | { kind: 'anything' }
  | { kind: 'null' | 'string' | 'number' | 'boolean'; nullable: boolean }
  | { kind: 'array'; nullable: boolean; items: Shape }
  | { kind: 'object'; nullable: boolean; properties: Property[]; extra: Shape | null };
export type Property = { key: string; shape: Shape; isRequired: boolean };

export class UnsupportedJsonSchema extends Error {}

// Constraints and notes zod already states; writing the value needs none of them.
const IGNORED = new Set([
  ...['$schema', 'description', 'title', 'examples', 'readOnly', 'format', 'pattern', 'enum', 'const'],
  ...['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  ...['minItems', 'maxItems', 'uniqueItems', 'contentEncoding', 'minProperties', 'maxProperties'],
]);
const HANDLED = new Set(['type', 'nullable', 'properties', 'required', 'items', 'additionalProperties']);
const SCALARS = {
  null: 'null',
  string: 'string',
  boolean: 'boolean',
  number: 'number',
  integer: 'number',
} as const;

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads zod's JSON Schema (openapi-3.0 target, output side); anything it does not understand is refused. */
export function shapeOf(node: JsonSchema, at = 'response'): Shape {
  for (const keyword of Object.keys(node)) {
    if (!HANDLED.has(keyword) && !IGNORED.has(keyword))
      throw new UnsupportedJsonSchema(`${at} uses ${keyword}`);
  }
  const isNullOnly = Array.isArray(node.enum) && node.enum.length === 1 && node.enum[0] === null;
  const type = isNullOnly ? 'null' : node.type;
  const nullable = node.nullable === true;
  if (type === undefined) {
    if ('properties' in node || 'items' in node) throw new UnsupportedJsonSchema(`${at} has no type`);
    return { kind: 'anything' };
  }
  if (typeof type === 'string' && type in SCALARS) {
    return { kind: SCALARS[type as keyof typeof SCALARS], nullable };
  }
  if (type === 'array') {
    if (!isSchema(node.items)) throw new UnsupportedJsonSchema(`${at} has no single items schema`);
    return { kind: 'array', nullable, items: shapeOf(node.items, `${at}[]`) };
  }
  if (type === 'object') {
    const required = new Set(Array.isArray(node.required) ? (node.required as unknown[]) : []);
    const properties = Object.entries(isSchema(node.properties) ? node.properties : {}).map(
      ([key, child]) => {
        if (!isSchema(child)) throw new UnsupportedJsonSchema(`${at}.${key} is not a schema`);
        return { key, shape: shapeOf(child, `${at}.${key}`), isRequired: required.has(key) };
      },
    );
    const more = node.additionalProperties;
    // false (zod's default strip) needs nothing: fast-json-stringify drops undeclared properties.
    const extra = isSchema(more)
      ? shapeOf(more, `${at}{}`)
      : more === true
        ? ({ kind: 'anything' } as const)
        : null;
    return { kind: 'object', nullable, properties, extra };
  }
  throw new UnsupportedJsonSchema(`${at} has type ${JSON.stringify(type)}`);
}

/**
 * The schema fast-json-stringify compiles. `required` is left out: fast-json-stringify writes required
 * properties first, so without it they come out in zod's order; the shape check enforces them instead.
 * `integer` becomes `number`, which fast-json-stringify writes as JSON.stringify does (it truncates integers).
 */
export function serializerSchema(shape: Shape): JsonSchema {
  if (shape.kind === 'anything') return {};
  const nullable = shape.nullable ? { nullable: true } : {};
  if (shape.kind === 'array') return { type: 'array', items: serializerSchema(shape.items), ...nullable };
  if (shape.kind === 'object') {
    const properties = Object.fromEntries(shape.properties.map((p) => [p.key, serializerSchema(p.shape)]));
    const extra = shape.extra ? { additionalProperties: serializerSchema(shape.extra) } : {};
    return { type: 'object', properties, ...extra, ...nullable };
  }
  return { type: shape.kind, ...nullable };
}
