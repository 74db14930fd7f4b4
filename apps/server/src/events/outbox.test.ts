import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, trackingPolls } from '../db/schema.ts';
import { createTestApp, ENGINES, rowsOf, type TestApp } from '../../test/helper.ts';
import { signUpReseller } from '../../test/account-fixtures.ts';
import { labelTypeIds, orderBody, placeOrder } from '../../test/order-fixtures.ts';
import { generateLabel } from '../modules/purchases/label-job.ts';
import type { DomainEvent, Subscribers } from './domain-events.ts';
import { deliverEvent, deliverEvents, deliverRecorded, recordEvent } from './outbox.ts';

const event: DomainEvent = {
  type: 'order.completed',
  orders: [{ id: crypto.randomUUID(), providerId: null }],
};

describe.each(ENGINES)('the outbox on %s (decision 338)', (engine) => {
  let app: TestApp;
  let appSubscribers: Subscribers;
  beforeAll(async () => {
    app = await createTestApp({ engine });
    appSubscribers = app.ctx.subscribers;
  });
  afterAll(async () => {
    app.ctx.subscribers = appSubscribers;
    await app.close();
  });

  /** Records `event` in a transaction of its own under these subscribers; the rows' ids. */
  async function recorded(subscribers: Subscribers): Promise<string[]> {
    app.ctx.subscribers = subscribers;
    return app.ctx.db.transaction((tx) => recordEvent(app.ctx, tx, event));
  }

  const rowOf = async (id: string) => (await app.ctx.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

  it('records a row for each subscriber that hears the event, and a job that delivers it after the commit', async () => {
    const heard: string[] = [];
    const ids = await recorded({
      a: { hears: ['order.completed'], handle: async () => void heard.push('a') },
      b: { hears: ['order.completed'], handle: async () => void heard.push('b') },
      deaf: { hears: [], handle: async () => void heard.push('deaf') },
    });
    expect(ids).toHaveLength(2);
    expect((await rowOf(ids[0]!)).payload).toEqual(event);
    // Nothing is delivered in the recording transaction; the queue holds one job for the event's rows.
    expect(heard).toEqual([]);
    const jobs = await rowsOf(
      app.database,
      sql`SELECT data->'ids' AS ids FROM pgboss.job WHERE name = 'outbox-deliver' AND data->'ids' ? ${ids[0]!}`,
    );
    expect(jobs.map((j) => j.ids)).toEqual([ids]);
    await deliverEvents(app.ctx, ids);
    expect(heard.sort()).toEqual(['a', 'b']);
  });

  it('has the job deliver what the recording process did not, and pass over what it did', async () => {
    const heard: string[] = [];
    const ids = await recorded({
      told: { hears: ['order.completed'], handle: async () => void heard.push('told') },
      missed: { hears: ['order.completed'], handle: async () => void heard.push('missed') },
    });
    // The recording process delivered one row before it died; the job comes for both.
    await deliverEvent(app.ctx, ids[0]!);
    await deliverRecorded(app.ctx, { ids });
    await deliverRecorded(app.ctx, { ids });
    expect(heard.sort()).toEqual(['missed', 'told']);
    expect((await rowOf(ids[1]!)).deliveredAt).not.toBeNull();
  });

  it('delivers an event to a subscriber once, however many deliveries race for it', async () => {
    let heard = 0;
    const [id] = await recorded({
      once: {
        hears: ['order.completed'],
        handle: async (tx) => {
          heard += 1;
          // Holds the transaction open a moment, so the other deliveries come while it runs.
          await tx.execute(sql`SELECT pg_sleep(0.05)`);
        },
      },
    });
    await Promise.all([deliverEvent(app.ctx, id!), deliverEvent(app.ctx, id!), deliverEvent(app.ctx, id!)]);
    await deliverEvent(app.ctx, id!);
    expect(heard).toBe(1);
    expect((await rowOf(id!)).deliveredAt).toBeInstanceOf(Date);
  });

  it("undoes a failed subscriber's work with its delivery, counts the failure, and delivers on the next try", async () => {
    let tries = 0;
    const [id] = await recorded({
      flaky: {
        hears: ['order.completed'],
        handle: async (tx) => {
          tries += 1;
          await tx.update(outbox).set({ type: 'touched' }).where(eq(outbox.id, id!));
          if (tries === 1) throw new Error('subscriber down');
        },
      },
    });
    await expect(deliverEvent(app.ctx, id!)).rejects.toThrow('subscriber down');
    expect(await rowOf(id!)).toMatchObject({
      type: 'order.completed',
      deliveredAt: null,
      attempts: 1,
      lastError: 'subscriber down',
    });
    // The committing process's delivery never throws: the job retries what failed.
    app.ctx.subscribers = {
      flaky: { hears: ['order.completed'], handle: async () => void (tries += 1) },
    };
    await deliverEvents(app.ctx, [id!]);
    expect(tries).toBe(2);
    expect((await rowOf(id!)).deliveredAt).toBeInstanceOf(Date);
  });

  it('a label made is heard by tracking and webhooks through the outbox, without the purchase importing them', async () => {
    app.ctx.subscribers = appSubscribers;
    const alice = await signUpReseller(app, 10_000);
    const ids = await labelTypeIds(app, alice.headers);
    const orderId = await placeOrder(app, alice.headers, orderBody(ids.ground_oz!));
    await generateLabel(app.ctx, orderId);
    const rows = await app.ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload} @> ${JSON.stringify({ orders: [{ id: orderId }] })}::jsonb`);
    expect(rows.map((r) => [r.subscriber, r.deliveredAt !== null]).sort()).toEqual([
      ['tracking', true],
      ['webhooks', true],
    ]);
    expect(
      await app.ctx.db.select().from(trackingPolls).where(eq(trackingPolls.orderId, orderId)),
    ).toHaveLength(1);
  });
});
