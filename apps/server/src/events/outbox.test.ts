import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, trackingPolls } from '../db/schema.ts';
import { createTestApp, ENGINES, rowsOf, type TestApp } from '../../test/helper.ts';
import { signUpReseller } from '../../test/account-fixtures.ts';
import { labelTypeIds, orderBody, placeOrder } from '../../test/order-fixtures.ts';
import { generateLabel } from '../modules/purchases/label-job.ts';
import type { DomainEvent, Subscribers } from './domain-events.ts';
import { OUTBOX_QUEUE } from '../jobs/queues.ts';
import {
  deliverEvents,
  OUTBOX_BACKSTOP_MS,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_SWEEP_CRON,
  recordEvent,
  runOutboxJob,
  startOutboxSweep,
  sweepOutbox,
} from './outbox.ts';

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

  /** The transaction a subscriber's work ran in. */
  const txidOf = async (tx: Parameters<Subscribers[string]['handle']>[0]) =>
    String(((await tx.execute(sql`SELECT txid_current() AS id`)) as { rows: { id: unknown }[] }).rows[0]!.id);

  it('records a row for each subscriber that hears the event and delivers them together after the commit', async () => {
    const heard: string[] = [];
    const txids = new Set<string>();
    const ids = await recorded({
      a: {
        hears: ['order.completed'],
        handle: async (tx) => void (heard.push('a'), txids.add(await txidOf(tx))),
      },
      b: {
        hears: ['order.completed'],
        handle: async (tx) => void (heard.push('b'), txids.add(await txidOf(tx))),
      },
      deaf: { hears: [], handle: async () => void heard.push('deaf') },
    });
    expect(ids).toHaveLength(2);
    expect((await rowOf(ids[0]!)).payload).toEqual(event);
    // Nothing is delivered in the recording transaction, and no job is written for it: the sweep is the backstop.
    expect(heard).toEqual([]);
    const jobs = await rowsOf(
      app.database,
      sql`SELECT id FROM pgboss.job WHERE name = ${OUTBOX_QUEUE} AND data::text LIKE ${`%${ids[0]!}%`}`,
    );
    expect(jobs).toEqual([]);
    expect(await deliverEvents(app.ctx, ids)).toEqual(new Map());
    expect(heard.sort()).toEqual(['a', 'b']);
    // One transaction for the event's rows, however many subscribers hear it.
    expect(txids.size).toBe(1);
    expect((await rowOf(ids[1]!)).deliveredAt).toBeInstanceOf(Date);
  });

  it('has the sweep deliver what the recording process did not once it is 10 s old, and pass over what it did', async () => {
    const heard: string[] = [];
    const ids = await recorded({
      told: { hears: ['order.completed'], handle: async () => void heard.push('told') },
      missed: { hears: ['order.completed'], handle: async () => void heard.push('missed') },
    });
    // The recording process delivered one row before it died.
    await deliverEvents(app.ctx, [ids[0]!]);
    const recordedAt = (await rowOf(ids[1]!)).createdAt.getTime();
    // Not yet: the recording process may still be delivering it.
    await sweepOutbox(app.ctx, new Date(recordedAt + OUTBOX_BACKSTOP_MS - 1_000));
    expect(heard).toEqual(['told']);
    await sweepOutbox(app.ctx, new Date(recordedAt + OUTBOX_BACKSTOP_MS + 1_000));
    await sweepOutbox(app.ctx, new Date(recordedAt + OUTBOX_BACKSTOP_MS + 61_000));
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
    const late = new Date(Date.now() + 60_000);
    await Promise.all([
      deliverEvents(app.ctx, [id!]),
      deliverEvents(app.ctx, [id!]),
      sweepOutbox(app.ctx, late),
      runOutboxJob(app.ctx, { ids: [id!] }, late),
    ]);
    await deliverEvents(app.ctx, [id!]);
    expect(heard).toBe(1);
    expect((await rowOf(id!)).deliveredAt).toBeInstanceOf(Date);
  });

  it("undoes a failed subscriber's work alone, counts the failure, and the sweep tries it until its last attempt", async () => {
    let tries = 0;
    let steadyHeard = 0;
    const [flakyId, steadyId] = await recorded({
      flaky: {
        hears: ['order.completed'],
        handle: async (tx) => {
          tries += 1;
          await tx.update(outbox).set({ type: 'touched' }).where(eq(outbox.id, flakyId!));
          throw new Error('subscriber down');
        },
      },
      steady: { hears: ['order.completed'], handle: async () => void (steadyHeard += 1) },
    });
    const failed = await deliverEvents(app.ctx, [flakyId!, steadyId!]);
    expect([...failed.keys()]).toEqual([flakyId]);
    // The failing subscriber's own work is undone; the other's delivery stands.
    expect(await rowOf(flakyId!)).toMatchObject({
      type: 'order.completed',
      deliveredAt: null,
      attempts: 1,
      lastError: 'subscriber down',
    });
    expect(steadyHeard).toBe(1);
    expect((await rowOf(steadyId!)).deliveredAt).toBeInstanceOf(Date);

    // Each sweep (a minute apart) tries it once more, up to the last attempt, then leaves it for staff.
    const recordedAt = (await rowOf(flakyId!)).createdAt.getTime();
    for (let minute = 1; minute <= OUTBOX_MAX_ATTEMPTS + 2; minute++)
      await sweepOutbox(app.ctx, new Date(recordedAt + minute * 60_000));
    expect(tries).toBe(OUTBOX_MAX_ATTEMPTS);
    expect(await rowOf(flakyId!)).toMatchObject({ deliveredAt: null, attempts: OUTBOX_MAX_ATTEMPTS });
    expect(steadyHeard).toBe(1);
  });

  it('delivers on the next sweep once a failing subscriber recovers', async () => {
    let tries = 0;
    const [id] = await recorded({
      flaky: {
        hears: ['order.completed'],
        handle: async () => {
          tries += 1;
          if (tries === 1) throw new Error('subscriber down');
        },
      },
    });
    await deliverEvents(app.ctx, [id!]);
    await sweepOutbox(app.ctx, new Date((await rowOf(id!)).createdAt.getTime() + 60_000));
    expect(tries).toBe(2);
    expect((await rowOf(id!)).deliveredAt).toBeInstanceOf(Date);
  });

  it('delivers at start whatever a process that died left undelivered, however recent', async () => {
    const heard: string[] = [];
    const ids = await recorded({
      left: { hears: ['order.completed'], handle: async () => void heard.push('left') },
    });
    // The recording process died before it delivered; this instance starts a moment later.
    const { sweptAtStart } = await startOutboxSweep(app.ctx);
    expect(await sweptAtStart).toBeGreaterThanOrEqual(1);
    expect(heard).toEqual(['left']);
    expect((await rowOf(ids[0]!)).deliveredAt).toBeInstanceOf(Date);
  });

  it('sweeps once a minute, on a cron the queue runs once across instances', async () => {
    await (
      await startOutboxSweep(app.ctx)
    ).sweptAtStart;
    const { rows } = await app.database.executeSql(`select name, cron from pgboss.schedule where name = $1`, [
      OUTBOX_QUEUE,
    ]);
    expect(rows).toEqual([{ name: OUTBOX_QUEUE, cron: OUTBOX_SWEEP_CRON }]);
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
