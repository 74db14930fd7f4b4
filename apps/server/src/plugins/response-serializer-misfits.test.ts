import { orderListResponse } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sampleOrderView } from '../../test/order-view-fixtures.ts';
import { serializers } from '../../test/serializer-fixtures.ts';
import { responseSerializerChoices } from './response-serializer.ts';

describe('compiled response serializer: responses that do not fit their schema', () => {
  const page = (order: Record<string, unknown>) => ({ orders: [order], totalPages: 1, total: 1 });
  const fails = (data: unknown) => {
    const { compiled, zod } = serializers(orderListResponse);
    expect(() => zod(data)).toThrow("Response doesn't match the schema");
    try {
      compiled(data);
    } catch (error) {
      expect(error).toMatchObject({ code: 'FST_ERR_RESPONSE_SERIALIZATION', statusCode: 500 });
      return String((error as Error & { cause: Error }).cause.message);
    }
    throw new Error('the compiled serializer wrote a response that does not fit its schema');
  };

  it('refuses a missing required field, naming where it is', () => {
    const { price: _price, ...order } = sampleOrderView(3);
    expect(fails(page(order))).toContain('response.orders[0].price: required but missing');
  });

  it('refuses null where the schema allows none instead of writing 0, "" or {}', () => {
    expect(fails(page(sampleOrderView(1, { price: null as unknown as number })))).toContain(
      'response.orders[0].price: expected a finite number, got null',
    );
    expect(fails(page({ ...sampleOrderView(1), labelType: null }))).toContain(
      'orders[0].labelType: expected an object',
    );
    expect(fails({ orders: null, totalPages: 1, total: 1 })).toContain(
      'response.orders: expected an array, got null',
    );
  });

  it('refuses a value of the wrong type and numbers JSON cannot hold', () => {
    expect(fails(page(sampleOrderView(1, { Weight: '2' as unknown as number })))).toContain('Weight');
    expect(fails(page(sampleOrderView(1, { Weight: Number.NaN })))).toContain('Weight');
    expect(fails(page(sampleOrderView(1, { signature: 1 as unknown as boolean })))).toContain('signature');
    expect(fails(page({ ...sampleOrderView(1), refundRequest: { _id: 'r', status: 'pending' } }))).toContain(
      'refundRequest.reason: required but missing',
    );
  });
});

describe('compiled response serializer: schemas it cannot render faithfully keep zod', () => {
  it.each([
    ['a transform', z.object({ total: z.number().transform((n) => n.toFixed(2)) }), { total: 1 }],
    ['a pipe', z.object({ email: z.string().pipe(z.email()) }), { email: 'a@b.co' }],
    ['a date', z.object({ at: z.date() }), { at: new Date(0) }],
    ['a default', z.object({ tag: z.string().default('') }), { tag: 'x' }],
    ['a union', z.object({ id: z.union([z.string(), z.number()]) }), { id: 7 }],
    ['a trimmed string', z.object({ name: z.string().trim() }), { name: ' padded ' }],
    ['a lazy schema', z.object({ self: z.lazy(() => z.string()) }), { self: 's' }],
    ['an array of unknown', z.object({ items: z.array(z.unknown()) }), { items: [undefined, 1] }],
  ])('falls back to zod for %s and writes what zod writes', (_name, schema, data) => {
    const { compiled, zod, key } = serializers(schema as z.ZodType);
    expect(responseSerializerChoices().get(key)).toEqual(expect.any(String));
    const written = (serialize: (value: unknown) => string) => {
      try {
        return serialize(data);
      } catch (error) {
        return `threw ${(error as Error).message}`;
      }
    };
    expect(written(compiled)).toBe(written(zod));
  });
});
