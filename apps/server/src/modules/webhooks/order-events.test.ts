import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/index.ts';
import { excelCsv, sheetRow, sheetRows } from '../../../test/fixtures/csv-files.ts';
import { type TestApp } from '../../../test/helper.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { createOrder, labelTypeIds, orderBody, type Reseller } from '../../../test/order-fixtures.ts';
import { createEndpoint, startReceiver, startWebhookApp } from './test-support.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

type Event = { id: string; type: string; data: Record<string, unknown> };

describe('order and bulk order events', () => {
  let app: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let alice: Reseller;
  let ids: Record<string, string>;
  let webhook: Webhook;
  const events = (): Event[] =>
    receiver.received.map((r) => webhook.verify(r.body, r.headers as Record<string, string>) as Event);

  beforeAll(async () => {
    app = await startWebhookApp(undefined, {
      LABEL_TEST_REJECT_MARKER: 'REJECT',
      LABEL_RETRY_DELAY_SECONDS: '0',
    });
    await startWorkers(app.ctx);
    receiver = await startReceiver();
    alice = await signUpReseller(app, 500_00);
    ids = await labelTypeIds(app, alice.headers);
    const { secret } = await createEndpoint(app, alice.headers, { url: receiver.url });
    webhook = new Webhook(secret);
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it('sends order.completed with the order as the API shows it, and order.cancelled with the refund', async () => {
    const ok = await createOrder(app, alice.headers, orderBody(ids.ground_oz!));
    const rejected = await createOrder(
      app,
      alice.headers,
      orderBody(ids.ground_oz!, { ToName: 'REJECT Me' }),
    );
    expect(ok.statusCode).toBe(201);
    expect(rejected.statusCode).toBe(201);
    const [placed] = ok.json().orders;
    const [refused] = rejected.json().orders;

    await receiver.waitFor(2, 30_000);
    const byType = new Map(events().map((e) => [e.type, e]));
    const completed = byType.get('order.completed')!;
    expect(completed.data).toMatchObject({ _id: placed._id, status: 'completed', price: 2.75 });
    expect(completed.data.tracking).toEqual(expect.any(String));
    const read = await app.inject({ method: 'GET', url: '/api/v1/order/read', headers: alice.headers });
    const listed = (read.json().orders as { _id: string }[]).find((o) => o._id === placed._id);
    // The history adds where the order stands with refunds (dashboard only); the rest is the same.
    const { refundRequest: _r, refundableUntil: _u, ...shown } = listed as Record<string, unknown>;
    expect(completed.data).toEqual(shown);
    expect(byType.get('order.cancelled')!.data).toMatchObject({
      _id: refused._id,
      status: 'cancelled',
      // A test-mode refusal reads as a real carrier's does: a plain reason of ours (decision 314).
      refund: { amount: 2.75, reason: 'The carrier refused this label: the address could not be used' },
    });
    expect(JSON.stringify(byType.get('order.cancelled'))).not.toMatch(/test marker/i);
  });

  it('sends bulk_order.completed once, when the last row of a bulk order is final', async () => {
    receiver.received.length = 0;
    const rows = sheetRows(12);
    rows[3] = { ...sheetRow(3), ToName: 'REJECT Four' };
    const file = excelCsv(rows);
    const check = await multipartPayload({
      csv: { data: file, filename: 'w.csv' },
      labeltype: ids.ground_oz!,
    });
    const validated = await app.inject({
      method: 'POST',
      url: '/api/v1/order/validatecsv',
      headers: { ...alice.headers, ...check.headers },
      payload: check.payload,
    });
    const body = await multipartPayload({
      csv: { data: file, filename: 'w.csv' },
      type: ids.ground_oz!,
      total_price: String(validated.json().totalPrice),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/order/createOrderFromCSV',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const bulkId = res.json().bulkOrder._id;

    await receiver.waitFor(13, 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    const bulkEvents = events().filter((e) => e.type === 'bulk_order.completed');
    expect(bulkEvents).toHaveLength(1);
    expect(bulkEvents[0]!.data).toMatchObject({
      _id: bulkId,
      status: 'Completed',
      totalOrders: 12,
      progress: { completed: 11, cancelled: 1, done: 12 },
    });
    expect(events().filter((e) => e.type.startsWith('order.'))).toHaveLength(12);
  });
});
