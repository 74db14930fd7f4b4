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
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parse, type $ZodType } from 'zod/v4/core';
import { sampleOrderView } from '../../test/order-view-fixtures.ts';
import { serializers } from '../../test/serializer-fixtures.ts';
import { responseSerializerChoices } from './response-serializer.ts';

/** Asserts the compiled serializer wrote exactly what zod did, and that zod's text is JSON.stringify of its parse. */
function expectSameBytes(schema: $ZodType, data: unknown): string {
  const { compiled, zod, key } = serializers(schema);
  expect(responseSerializerChoices().get(key)).toBeNull();
  expect(zod(data)).toBe(JSON.stringify(parse(schema, data)));
  expect(compiled(data)).toBe(zod(data));
  return compiled(data);
}

const adminOrder = (i: number) => ({
  ...sampleOrderView(i),
  reseller: { _id: `u-${i}`, discordId: `reseller_${i}`, username: 'Ann "Quotes" \\ Back' },
  failureReason: i % 4 === 3 ? 'Carrier said:\t"address not found"' : null,
  refundRequest: null,
  provider: i % 3 === 0 ? { _id: `p-${i}`, name: 'Portal "B"', kind: 'labelport' } : null,
  cost: i % 3 === 0 ? 2.5 : null,
  margin: i % 3 === 0 ? 0.25 : null,
  quotes:
    i % 3 === 0
      ? [
          { provider: 'Portal "B"', amount: 2.5, ms: 120, chosen: true },
          { provider: 'EasyPost', amount: null, ms: 3000, chosen: false, error: 'no answer in time' },
        ]
      : [],
  orderedRouteCost: i % 3 === 0 ? 2.75 : null,
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
    expect(keys.slice(-9)).toEqual([
      'refundRequest',
      'refundableUntil',
      'reseller',
      'failureReason',
      'provider',
      'cost',
      'margin',
      'quotes',
      'orderedRouteCost',
    ]);
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
      twoFactorEnabled: true,
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
      depositsToday: 25,
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
