import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/helper.ts';
import { cancel, complete, createCourier, quote, setStatus } from '../courier/test-support.ts';
import { type Reseller } from '../../../test/order-fixtures.ts';
import { requestRefund, resellerWithOrder } from '../refunds/test-support.ts';
import { createEndpoint, drainWebhookDeliveries, startReceiver, startWebhookApp } from './test-support.ts';
import { signUpStaff, signUpReseller } from '../../../test/account-fixtures.ts';

type Event = { id: string; type: string; data: Record<string, unknown> };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SUBSCRIBED = [
  'order.cancelled',
  'deposit.completed',
  'deposit.cancelled',
  'courier_order.updated',
  'refund_request.updated',
];

/** Deposits, courier moves and refund requests each reach a subscribed endpoint as they happen. */
describe('deposit, courier and refund request events', () => {
  let app: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let staff: Reseller;
  const secrets: string[] = [];

  /** A reseller with an endpoint subscribed to the events above, on the shared receiver. */
  const subscribe = async (reseller: Reseller) => {
    const { secret } = await createEndpoint(app, reseller.headers, { url: receiver.url, events: SUBSCRIBED });
    secrets.push(secret);
  };
  /** Every request the receiver got, verified with its endpoint's secret (a forged one fails the test). */
  const events = (): Event[] =>
    receiver.received.map((r) => {
      for (const secret of secrets) {
        try {
          return new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Event;
        } catch {
          // Another endpoint's request: try the next secret.
        }
      }
      throw new Error(`no endpoint secret verifies ${r.body}`);
    });
  /** Waits for exactly `n` requests: a moment more must bring no extra (duplicate) event. */
  const received = async (n: number) => {
    await receiver.waitFor(n, 30_000);
    await sleep(1000);
    expect(receiver.received).toHaveLength(n);
    return events();
  };
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    app = await startWebhookApp();
    receiver = await startReceiver();
    staff = await signUpStaff(app);
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await drainWebhookDeliveries(app);
    await app.close();
    await receiver.close();
  });

  it('sends deposit.completed when staff approve an invoice and deposit.cancelled when they cancel one', async () => {
    const alice = await signUpReseller(app);
    await subscribe(alice);
    const raise = async (amount: number) => {
      const res = await post('/invoices/create-invoice', alice.headers, { amount, type: 'cashapp' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.invoice as { _id: string; note: string };
    };
    const paid = await raise(25);
    const unpaid = await raise(40);
    expect(
      (await post(`/admin/invoices/${paid._id}/approve`, staff.headers, { receipt: null })).statusCode,
    ).toBe(200);
    const reason = 'No payment with this note arrived';
    expect((await post(`/admin/invoices/${unpaid._id}/cancel`, staff.headers, { reason })).statusCode).toBe(
      200,
    );

    const byType = new Map((await received(2)).map((e) => [e.type, e.data]));
    expect(byType.get('deposit.completed')).toEqual({
      invoice: paid._id,
      note: paid.note,
      amount: 25,
      balance: 25,
    });
    expect(byType.get('deposit.cancelled')).toEqual({
      invoice: unpaid._id,
      note: unpaid.note,
      amount: 40,
      reason,
    });
    // A refused decision changes nothing, so it sends nothing.
    expect((await post(`/admin/invoices/${paid._id}/cancel`, staff.headers, { reason })).statusCode).toBe(
      409,
    );
    await sleep(1000);
    expect(receiver.received).toHaveLength(2);
  });

  it('sends courier_order.updated on every status move, by the reseller or by staff', async () => {
    const bob = await signUpReseller(app, 200_00);
    await subscribe(bob);
    const ok = async (res: { statusCode: number; body: string }) =>
      expect(res.statusCode, res.body).toBe(200);

    const completed = await createCourier(app, bob.headers);
    await ok(await quote(app, staff.headers, completed, 42, 'Pickup 5pm'));
    await ok(await setStatus(app, bob.headers, completed, 'In Process'));
    await ok(await complete(app, staff.headers, completed));
    const rejected = await createCourier(app, bob.headers);
    await ok(await quote(app, staff.headers, rejected, 30));
    await ok(await setStatus(app, bob.headers, rejected, 'Cancelled'));
    const cancelled = await createCourier(app, bob.headers);
    await ok(await cancel(app, staff.headers, cancelled, 'Out of area'));
    const refunded = await createCourier(app, bob.headers);
    await ok(await quote(app, staff.headers, refunded, 10));
    await ok(await setStatus(app, bob.headers, refunded, 'In Process'));
    await ok(await cancel(app, staff.headers, refunded, 'Truck broke down'));
    // A move the state machine refuses is not an update.
    expect((await setStatus(app, bob.headers, cancelled, 'In Process')).statusCode).toBe(409);

    const all = await received(13);
    expect(new Set(all.map((e) => e.type))).toEqual(new Set(['courier_order.updated']));
    const statusesOf = (id: string) =>
      all
        .filter((e) => e.data._id === id)
        .map((e) => e.data.status as string)
        .sort();
    expect(statusesOf(completed)).toEqual(['Awaiting User Input', 'Completed', 'In Process', 'Pending']);
    expect(statusesOf(rejected)).toEqual(['Awaiting User Input', 'Cancelled', 'Pending']);
    expect(statusesOf(cancelled)).toEqual(['Cancelled', 'Pending']);
    expect(statusesOf(refunded)).toEqual(['Awaiting User Input', 'Cancelled', 'In Process', 'Pending']);

    const latest = (id: string, status: string) =>
      all.find((e) => e.data._id === id && e.data.status === status)!.data;
    expect(latest(completed, 'Awaiting User Input')).toMatchObject({ price: 42, note: 'Pickup 5pm' });
    expect(latest(completed, 'Completed')).toMatchObject({ file: `/api/v1/fed/download/${completed}` });
    expect(latest(cancelled, 'Cancelled')).toMatchObject({ note: 'Out of area', file: null });
    // The payload is the order as the reseller's list shows it.
    const listed = (await app.inject({ url: '/api/v1/fed/read', headers: bob.headers })).json().docs;
    expect(latest(refunded, 'Cancelled')).toEqual(listed.find((o: { _id: string }) => o._id === refunded));
  });

  it('sends refund_request.updated when a request is made, approved (with order.cancelled) and rejected', async () => {
    const approvedOne = await resellerWithOrder(app);
    const rejectedOne = await resellerWithOrder(app);
    await subscribe(approvedOne.reseller);
    await subscribe(rejectedOne.reseller);
    const ask = async (r: typeof approvedOne) => {
      const res = await requestRefund(app, r.reseller.headers, r.orderId, 'Printed twice');
      expect(res.statusCode, res.body).toBe(201);
      return res.json().refundRequest._id as string;
    };
    const approveId = await ask(approvedOne);
    const rejectId = await ask(rejectedOne);
    const approved = await post(`/admin/refund-requests/${approveId}/approve`, staff.headers);
    expect(approved.statusCode).toBe(200);
    const rejected = await post(`/admin/refund-requests/${rejectId}/reject`, staff.headers, {
      reason: 'The label was already scanned by the carrier',
    });
    expect(rejected.statusCode).toBe(200);

    const all = await received(5);
    const requestEvents = (id: string) =>
      all.filter((e) => e.type === 'refund_request.updated' && e.data._id === id).map((e) => e.data);
    expect(requestEvents(approveId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'pending', reason: 'Printed twice' }),
        expect.objectContaining({
          status: 'approved',
          decidedAt: expect.any(String),
          order: { _id: approvedOne.orderId, OrderId: approved.json().request.order.OrderId },
        }),
      ]),
    );
    expect(requestEvents(approveId)).toHaveLength(2);
    expect(requestEvents(rejectId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'pending' }),
        expect.objectContaining({
          status: 'rejected',
          rejectionReason: 'The label was already scanned by the carrier',
          order: expect.objectContaining({ _id: rejectedOne.orderId }),
        }),
      ]),
    );
    expect(requestEvents(rejectId)).toHaveLength(2);
    const cancelled = all.filter((e) => e.type === 'order.cancelled');
    expect(cancelled.map((e) => e.data)).toEqual([
      expect.objectContaining({
        _id: approvedOne.orderId,
        status: 'cancelled',
        refund: { amount: 2.75, reason: 'Refund request approved (Printed twice)' },
      }),
    ]);
  });
});
