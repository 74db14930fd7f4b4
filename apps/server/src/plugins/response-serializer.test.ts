import {
  adminOrdersResponse,
  adminUsersResponse,
  auditResponse,
  emailStatusResponse,
  orderListResponse,
  overviewResponse,
  profileResponse,
  sessionUser,
  tokenResponse,
  webhookDeliveriesResponse,
} from '@portal/shared';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sampleOrderView } from '../../test/order-view-kit.ts';
import { compiledSerializerCompiler, responseSerializerChoices } from './response-serializer.ts';

let routeNumber = 0;
/** Both serializers for one made-up route of the schema: the compiled one and zod's, which callers got before. */
function serializers(schema: z.ZodType) {
  const route = { schema, method: 'GET', url: `/unit/${++routeNumber}`, httpStatus: '200' };
  return {
    compiled: compiledSerializerCompiler(route),
    zod: zodSerializerCompiler(route),
    key: `GET ${route.url} 200`,
  };
}
/** Asserts the compiled serializer wrote exactly what zod did, and that zod's text is JSON.stringify of its parse. */
function expectSameBytes(schema: z.ZodType, data: unknown): string {
  const { compiled, zod, key } = serializers(schema);
  expect(responseSerializerChoices().get(key)).toBeNull();
  expect(zod(data)).toBe(JSON.stringify(schema.parse(data)));
  expect(compiled(data)).toBe(zod(data));
  return compiled(data);
}

const adminOrder = (i: number) => ({
  ...sampleOrderView(i),
  reseller: { _id: `u-${i}`, discordId: `reseller_${i}`, username: 'Ann "Quotes" \\ Back' },
  failureReason: i % 4 === 3 ? 'Carrier said:\t"address not found"' : null,
  refundRequest: null,
});

describe('compiled response serializer: same bytes as zod', () => {
  it('writes a page of 100 orders with nulls, refund requests, cents and unicode exactly like zod', () => {
    const orders = Array.from({ length: 100 }, (_, i) => sampleOrderView(i));
    const text = expectSameBytes(orderListResponse, { orders, totalPages: 10, total: 100 });
    expect(text).toContain('"price":2.75');
    expect(text).toContain('"price":0.30000000000000004');
    expect(text).toContain('"refundRequest":null');
    expect(text).toContain("Zoë O'Neil — 東京");
  });

  it('keeps absent optional fields absent and leaves out fields the schema does not name', () => {
    const order = { ...sampleOrderView(1), passwordHash: 'secret', priceCents: 275 } as Record<
      string,
      unknown
    >;
    delete order.refundRequest;
    delete order.refundableUntil;
    const text = expectSameBytes(orderListResponse, {
      orders: [order],
      totalPages: 1,
      total: 1,
      internal: true,
    });
    const written = JSON.parse(text) as { orders: Record<string, unknown>[] };
    expect(Object.keys(written.orders[0]!)).not.toContain('refundRequest');
    expect(text).not.toMatch(/passwordHash|priceCents|internal/);
  });

  it('writes an empty page and escapes control characters, lone surrogates and backslashes like JSON.stringify', () => {
    expectSameBytes(orderListResponse, { orders: [], totalPages: 0, total: 0 });
    const odd = sampleOrderView(2, {
      toName: 'a\u0000b\u001f\ud800 "c" \\d\u2028',
      design: 'x'.repeat(5000) + '"',
    });
    expectSameBytes(orderListResponse, { orders: [odd], totalPages: 1, total: 1 });
  });

  it('writes staff order lists, where a required field follows an optional one, in zod key order', () => {
    const orders = Array.from({ length: 12 }, (_, i) => adminOrder(i));
    const text = expectSameBytes(adminOrdersResponse, { orders, totalPages: 2, total: 13 });
    const keys = Object.keys((JSON.parse(text) as { orders: object[] }).orders[0]!);
    expect(keys.slice(-4)).toEqual(['refundRequest', 'refundableUntil', 'reseller', 'failureReason']);
  });

  it('writes session, token, profile and e-mail responses like zod', () => {
    const user = {
      _id: 'u1',
      username: 'Zoë',
      discordId: 'zoe#1',
      email: null,
      emailVerified: false,
      balance: 1000.1,
      api_key: 'k',
      role: 'admin' as const,
    };
    expectSameBytes(sessionUser, user);
    expectSameBytes(profileResponse, { message: 'Saved', user: { ...user, email: 'z@example.com' } });
    expectSameBytes(tokenResponse, { message: 'Signed in', accessToken: 'a.b.c' });
    expectSameBytes(emailStatusResponse, {
      email: null,
      emailVerified: false,
      pendingEmail: 'new@example.com',
    });
  });

  it('writes the admin lists, the overview and webhook deliveries like zod', () => {
    const users = [0, 1].map((i) => ({
      _id: `u${i}`,
      username: `user ${i}`,
      discordId: `d${i}`,
      email: i ? 'a@b.c' : null,
      emailVerified: i === 1,
      role: 'user' as const,
      balance: 0.1 + 0.7,
      orderCount: 3,
      enabled: true,
      createdAt: '2026-11-01T00:00:00.000Z',
    }));
    expectSameBytes(adminUsersResponse, { users, totalPages: 1, total: 2 });
    const audit = (before: unknown, after: unknown) => ({
      _id: 'a1',
      actor: { _id: 'u1', discordId: 'staff' },
      action: 'balance.adjust',
      targetType: 'user',
      targetId: null,
      before,
      after,
      ip: '127.0.0.1',
      userAgent: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    expectSameBytes(auditResponse, {
      entries: [
        audit({ balance: 12.5, note: 'a "b"' }, [1, null, 'x']),
        audit(undefined, null),
        audit(0, undefined),
      ],
      totalPages: 1,
      total: 3,
    });
    const { compiled, zod } = serializers(auditResponse);
    const { before: _absent, ...withoutBefore } = audit(1, 2);
    const page = { entries: [withoutBefore], totalPages: 1, total: 1 };
    expect(() => zod(page)).toThrow("Response doesn't match the schema");
    expect(() => compiled(page)).toThrow("Response doesn't match the schema");
    const day = { date: '2026-11-01', labels: 4, revenue: 10.99 };
    expectSameBytes(overviewResponse, {
      today: { labels: 0, revenue: 0 },
      days: [day],
      resellers: 2,
      depositsPending: null,
      courierAwaitingStaff: 5,
    });
    const delivery = {
      id: 'w1',
      eventId: 'e1',
      eventType: 'courier_order.updated',
      status: 'failed' as const,
      statusCode: null,
      durationMs: 12.345,
      attempts: 3,
      error: 'connect ECONNREFUSED',
      nextRetryAt: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      deliveredAt: null,
    };
    expectSameBytes(webhookDeliveriesResponse, { deliveries: [delivery] });
  });

  it('writes records, literals, enums, loose objects and nullable arrays like zod', () => {
    const schema = z.object({
      kind: z.literal('summary'),
      counts: z.record(z.string(), z.number().int()),
      notes: z.record(z.string(), z.string().nullable()),
      tags: z.array(z.enum(['a', 'b'])).nullable(),
      meta: z.looseObject({ id: z.string() }),
      maybe: z.number().optional(),
      label: z.string().readonly(),
    });
    expectSameBytes(schema, {
      kind: 'summary',
      counts: { pending: 3, '2': 1, 'with "quote"': 0 },
      notes: { a: null, b: 'x' },
      tags: null,
      meta: { id: 'm', extra: { deep: [1, 'two'] }, gone: undefined },
      label: 'l',
    });
    expectSameBytes(schema, {
      kind: 'summary',
      counts: {},
      notes: {},
      tags: ['b'],
      meta: { id: 'm' },
      maybe: 1.5,
      label: '',
    });
  });
});

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
