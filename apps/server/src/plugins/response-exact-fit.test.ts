import { orderListResponse } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { sampleOrderView } from '../../test/order-view-fixtures.ts';
import { serializers } from '../../test/serializer-fixtures.ts';
import { exactFitOf } from './response-serializer.ts';

/** Whether `data` takes JSON.stringify's way, after checking that either way writes zod's bytes. */
function writtenNatively(schema: $ZodType, data: unknown): boolean {
  const { compiled, zod } = serializers(schema);
  expect(compiled(data)).toBe(zod(data));
  return exactFitOf(schema)!(data);
}

const page = (orders: unknown[]) => ({ orders, totalPages: 1, total: orders.length });

describe('responses already as the schema writes them go to JSON.stringify (decision 360)', () => {
  it('writes a page of orders made in the schema’s order natively', () => {
    const orders = Array.from({ length: 20 }, (_, i) => sampleOrderView(i));
    expect(writtenNatively(orderListResponse, page(orders))).toBe(true);
  });

  it('leaves to the schema an undeclared key, keys out of order and a key not enumerable', () => {
    const extra = { ...sampleOrderView(1), passwordHash: 'secret' };
    expect(writtenNatively(orderListResponse, page([extra]))).toBe(false);
    const { _id, ...rest } = sampleOrderView(2);
    expect(writtenNatively(orderListResponse, page([{ ...rest, _id }]))).toBe(false);
    const hidden = sampleOrderView(3);
    Object.defineProperty(hidden, 'refundableUntil', {
      value: '2026-12-01T00:00:00.000Z',
      enumerable: false,
    });
    expect(writtenNatively(orderListResponse, page([hidden]))).toBe(false);
  });

  it('skips absent optional keys and keys that hold undefined, as both writers do', () => {
    const order = { ...sampleOrderView(4), refundRequest: undefined, refundableUntil: undefined };
    expect(writtenNatively(orderListResponse, page([order]))).toBe(true);
  });

  it('leaves to the schema an object of a class (a Date, a toJSON)', () => {
    const schema = z.object({ when: z.object({ label: z.string().optional() }) });
    expect(writtenNatively(schema, { when: { label: 'now' } })).toBe(true);
    expect(writtenNatively(schema, { when: new Date(0) })).toBe(false);
  });

  it('writes records natively, and objects with both declared and extra keys by the schema', () => {
    const record = z.record(z.string(), z.number());
    expect(writtenNatively(record, { b: 1, a: 2 })).toBe(true);
    const mixed = z.object({ a: z.number() }).passthrough();
    expect(writtenNatively(mixed, { b: 1, a: 2 })).toBe(false);
  });
});
