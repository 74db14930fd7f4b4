import type { AppContext } from '../context.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { OUTBOX_QUEUE, type OutboxJobData } from '../jobs/queues.ts';
import type { DomainEvent } from './domain-events.ts';
import {
  deleteDeliveredBefore,
  findUndelivered,
  insertOutboxRows,
  lockUndelivered,
  markDelivered,
  recordOutboxFailure,
} from './outbox.repository.ts';

/**
 * How long the queue's job waits before it delivers what the committing process has not: normally that
 * process delivered at once after its commit, and the job finds the rows delivered.
 */
export const OUTBOX_BACKSTOP_MS = 10_000;

type OutboxContext = Pick<AppContext, 'db' | 'jobs' | 'log' | 'subscribers'>;

/**
 * Records `event` for each subscriber that hears it, in the caller's transaction, with one job for its rows
 * that delivers them after the commit should the recording process not (it crashed, or a subscriber failed).
 * Returns the rows' ids for `deliverEvents` after the commit.
 */
export async function recordEvent(ctx: OutboxContext, tx: Tx, event: DomainEvent): Promise<string[]> {
  const names = Object.entries(ctx.subscribers)
    .filter(([, subscriber]) => subscriber.hears.includes(event.type))
    .map(([name]) => name);
  const ids = await insertOutboxRows(
    tx,
    names.map((subscriber) => ({ subscriber, type: event.type, payload: event })),
  );
  if (ids.length > 0)
    await ctx.jobs.sendInTransaction<OutboxJobData>(tx, OUTBOX_QUEUE, [{ ids }], {
      startAfter: new Date(Date.now() + OUTBOX_BACKSTOP_MS),
    });
  return ids;
}

/**
 * Delivers one outbox row to its subscriber, once: in one transaction the row is locked, the subscriber
 * runs and the row is marked delivered. A delivered row (or one of no subscriber any more) is passed
 * over. A failure rolls it all back, is counted on the row and thrown, for the queue to retry.
 */
export async function deliverEvent(ctx: OutboxContext, id: string): Promise<void> {
  try {
    await ctx.db.transaction(async (tx: Tx) => {
      const row = await lockUndelivered(tx, id);
      if (!row) return;
      const subscriber = ctx.subscribers[row.subscriber];
      if (subscriber) await subscriber.handle(tx, row.payload as DomainEvent);
      else ctx.log.warn({ id, subscriber: row.subscriber }, 'outbox row of no subscriber: passed over');
      await markDelivered(tx, id);
    });
  } catch (error) {
    await recordOutboxFailure(ctx.db, id, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * The job's delivery of an event's rows, 10 s after their commit: the rows still undelivered (normally
 * none: the committing process delivered them) are found in one read and delivered one by one. A failure
 * fails the job, which the queue retries; the rows delivered meanwhile are passed over then.
 */
export async function deliverRecorded(ctx: OutboxContext, data: OutboxJobData): Promise<void> {
  for (const id of await findUndelivered(ctx.db, 'ids' in data ? data.ids : [data.id]))
    await deliverEvent(ctx, id);
}

/**
 * Delivers the rows a transaction just committed, at once: what fails here is left to the rows' jobs,
 * so the caller's work (committed already) never fails for a subscriber.
 */
export async function deliverEvents(ctx: OutboxContext, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    try {
      await deliverEvent(ctx, id);
    } catch (err) {
      ctx.log.warn({ err, id }, 'outbox delivery failed: its job retries it');
    }
  }
}

/** A delivered event is kept this long for whoever looks into a delivery, then housekeeping removes it. */
export const DELIVERED_EVENTS_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** Removes the events delivered more than a week before `now`; how many went. */
export async function purgeDeliveredEvents(db: DbOrTx, now: Date): Promise<number> {
  return (await deleteDeliveredBefore(db, new Date(now.getTime() - DELIVERED_EVENTS_RETENTION_MS))).length;
}
