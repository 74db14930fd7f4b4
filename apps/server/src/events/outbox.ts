import type { AppContext } from '../context.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { OUTBOX_QUEUE, type OutboxJobData } from '../jobs/queues.ts';
import type { DomainEvent } from './domain-events.ts';
import {
  deleteDeliveredBefore,
  findStale,
  insertOutboxRows,
  lockUndelivered,
  markDelivered,
  recordOutboxFailure,
} from './outbox.repository.ts';

/**
 * How old an undelivered row must be before the sweep delivers it: normally the committing process
 * delivered it at once after its commit, and the sweep finds nothing.
 */
export const OUTBOX_BACKSTOP_MS = 10_000;

/** The sweep runs every minute, once across instances. */
export const OUTBOX_SWEEP_CRON = '* * * * *';

/** The sweep tries a failing row once a run, this many times; then it is left for staff and the logs. */
export const OUTBOX_MAX_ATTEMPTS = 10;

/** Rows the sweep delivers in one transaction (each subscriber's work in a savepoint of its own). */
const SWEEP_CHUNK = 50;

type OutboxContext = Pick<AppContext, 'db' | 'log' | 'subscribers'>;

/**
 * Records `event` for each subscriber that hears it, in the caller's transaction. Returns the rows' ids for
 * `deliverEvents` after the commit; should the recording process not deliver them (it crashed, or a
 * subscriber failed), the queue's sweep does (`sweepOutbox`).
 */
export async function recordEvent(ctx: OutboxContext, tx: Tx, event: DomainEvent): Promise<string[]> {
  const names = Object.entries(ctx.subscribers)
    .filter(([, subscriber]) => subscriber.hears.includes(event.type))
    .map(([name]) => name);
  return insertOutboxRows(
    tx,
    names.map((subscriber) => ({ subscriber, type: event.type, payload: event })),
  );
}

/**
 * Delivers the outbox rows `ids` to their subscribers, each once, in one transaction: the undelivered rows
 * are locked, each subscriber runs in a savepoint of its own and the rows it handled are marked delivered.
 * A subscriber that fails has its own work undone and its row counted with the error, for the sweep to
 * try again; the others' deliveries stand. A delivered row (or one of no subscriber any more) is passed
 * over. Never throws for a subscriber; returns the ids that failed.
 */
export async function deliverEvents(ctx: OutboxContext, ids: readonly string[]): Promise<Map<string, Error>> {
  const failed = new Map<string, Error>();
  if (ids.length === 0) return failed;
  await ctx.db.transaction(async (tx: Tx) => {
    const delivered: string[] = [];
    for (const row of await lockUndelivered(tx, ids)) {
      const subscriber = ctx.subscribers[row.subscriber];
      if (!subscriber)
        ctx.log.warn({ id: row.id, subscriber: row.subscriber }, 'outbox row of no subscriber: passed over');
      else
        try {
          await tx.transaction((savepoint) => subscriber.handle(savepoint, row.payload as DomainEvent));
        } catch (error) {
          failed.set(row.id, error instanceof Error ? error : new Error(String(error)));
          continue;
        }
      delivered.push(row.id);
    }
    await markDelivered(tx, delivered);
  });
  for (const [id, error] of failed) {
    const attempts = await recordOutboxFailure(ctx.db, id, error.message);
    if (attempts >= OUTBOX_MAX_ATTEMPTS)
      ctx.log.error(
        { err: error, id, attempts },
        'outbox delivery failed for the last time: left undelivered',
      );
    else ctx.log.warn({ err: error, id, attempts }, 'outbox delivery failed: the sweep tries it again');
  }
  return failed;
}

/**
 * The queue's delivery of what committing processes did not deliver (decision 338), once a minute across
 * instances: every row recorded more than `OUTBOX_BACKSTOP_MS` before `now` (with `anyAge`, every row)
 * and still undelivered, oldest first, in transactions of `SWEEP_CHUNK` rows. A row that keeps failing is
 * tried once a run until `OUTBOX_MAX_ATTEMPTS`. Returns how many rows it delivered.
 */
export async function sweepOutbox(
  ctx: OutboxContext,
  now: Date,
  { anyAge = false }: { anyAge?: boolean } = {},
): Promise<number> {
  const before = anyAge ? now : new Date(now.getTime() - OUTBOX_BACKSTOP_MS);
  // A row that failed in this run stays undelivered: it is passed over until the next run.
  const tried: string[] = [];
  let delivered = 0;
  for (;;) {
    const chunk = await findStale(
      ctx.db,
      { before, maxAttempts: OUTBOX_MAX_ATTEMPTS, skip: tried },
      SWEEP_CHUNK,
    );
    if (chunk.length === 0) return delivered;
    const failed = await deliverEvents(ctx, chunk);
    tried.push(...failed.keys());
    delivered += chunk.length - failed.size;
  }
}

/**
 * An outbox job: the scheduled sweep (no data), or the rows of one event, as an earlier release sent a job
 * per event (`{ ids }`) or per row (`{ id }`) that may still wait in the queue.
 */
export async function runOutboxJob(ctx: OutboxContext, data: OutboxJobData, now: Date): Promise<void> {
  if ('ids' in data) await deliverEvents(ctx, data.ids);
  else if ('id' in data) await deliverEvents(ctx, [data.id]);
  else await sweepOutbox(ctx, now);
}

/**
 * Works the outbox's jobs in this instance and schedules the sweep (any instance may take a run). A
 * starting instance also sweeps at once, whatever the rows' age: what a process that died left undelivered
 * (a restart after a crash) is heard now, not at the next minute's sweep. Rows a living instance is
 * delivering meanwhile are locked, and delivered once either way.
 */
export async function startOutboxSweep(
  ctx: OutboxContext & Pick<AppContext, 'jobs'>,
): Promise<{ sweptAtStart: Promise<number> }> {
  await ctx.jobs.work<OutboxJobData>(OUTBOX_QUEUE, ({ data }) => runOutboxJob(ctx, data ?? {}, new Date()));
  await ctx.jobs.schedule(OUTBOX_QUEUE, OUTBOX_SWEEP_CRON);
  // Not awaited: the start does not wait for it (the workers are ready).
  const sweptAtStart = sweepOutbox(ctx, new Date(), { anyAge: true }).catch((err: unknown) => {
    ctx.log.warn({ err }, 'outbox sweep at start failed: the scheduled sweep delivers what it left');
    return 0;
  });
  return { sweptAtStart };
}

/** A delivered event is kept this long for whoever looks into a delivery, then housekeeping removes it. */
export const DELIVERED_EVENTS_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** Removes the events delivered more than a week before `now`; how many went. */
export async function purgeDeliveredEvents(db: DbOrTx, now: Date): Promise<number> {
  return (await deleteDeliveredBefore(db, new Date(now.getTime() - DELIVERED_EVENTS_RETENTION_MS))).length;
}
