import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** An empty number field ('') is a missing value to the shared schemas. */
export const emptyAsUndefined = (value: number | ''): number | undefined =>
  value === '' ? undefined : value;

/**
 * react-hook-form's resolver for a shared schema whose form holds values in another shape (empty number
 * fields, a switch that turns a field off): `toBody` gives the payload the schema judges, and the schema's
 * messages land on the fields of the same name.
 */
export function schemaResolver<Values extends FieldValues, Schema extends z.core.$ZodType>(
  schema: Schema,
  toBody: (values: Values) => unknown,
): Resolver<Values, unknown, z.output<Schema>> {
  const resolve = zodResolver(schema as never);
  return (values, context, options) =>
    resolve(toBody(values) as never, context, options as never) as ReturnType<
      Resolver<Values, unknown, z.output<Schema>>
    >;
}
