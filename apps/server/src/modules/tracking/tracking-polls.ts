import { and, eq } from 'drizzle-orm';
import { carrierOfUid, isFinalTrackingStatus } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { labelPurchases, labelTypes, orders, providers, trackingPolls } from '../../db/schema.ts';
import { TRACKING_QUEUE, type TrackingJobData } from '../../jobs/queues.ts';
import type { Subscriber } from '../../events/domain-events.ts';
import type { IncomingTrackingEvent } from '../../labels/providers/upstream/provider-tracking.ts';
import { testWalkEvents } from './test-walk.ts';
import { applyTrackingEvents } from './tracking.service.ts';

/** Polling ends this long after the label was made, whatever the status. */
export const POLL_FOR_MS = 45 * 24 * 3600_000;
/** The backoff doubles up to this gap. */
const MAX_POLL_MS = 24 * 3600_000;

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Starts tracking of orders whose label was just made, in that transaction: the test-mode walk for
 * labels of no provider, polling (the fallback when a provider's webhooks say nothing) for the others.
 */
export async function scheduleTracking(
  ctx: Pick<AppContext, 'config' | 'jobs'>,
  tx: DbOrTx,
  made: { id: string; providerId: string | null }[],
): Promise<void> {
  if (made.length === 0) return;
  const now = Date.now();
  const rows = made.map((o) => {
    const firstMs = o.providerId ? ctx.config.tracking.pollMs : ctx.config.tracking.testStepMs;
    return {
      orderId: o.id,
      nextAt: new Date(now + firstMs),
      intervalSeconds: secondsOf(firstMs),
      startedAt: new Date(now),
    };
  });
  await tx.insert(trackingPolls).values(rows).onConflictDoNothing();
  // One insert per first look (a batch's test-mode labels share one, its provider labels another).
  const byTime = new Map<number, TrackingJobData[]>();
  for (const r of rows)
    byTime.set(r.nextAt.getTime(), [...(byTime.get(r.nextAt.getTime()) ?? []), { orderId: r.orderId }]);
  for (const [at, jobs] of byTime)
    await ctx.jobs.sendInTransaction<TrackingJobData>(tx, TRACKING_QUEUE, jobs, { startAfter: new Date(at) });
}

/** Tracking hears of orders that got their label through the outbox (decision 338) and starts on them. */
export const trackingSubscriber = (ctx: Pick<AppContext, 'config' | 'jobs'>): Subscriber => ({
  hears: ['order.completed'],
  handle: (tx, event) => scheduleTracking(ctx, tx, event.orders),
});

/**
 * One scheduled look at an order's tracking: the test-mode walk's next steps, or the provider's tracking
 * (backoff doubling from `TRACKING_POLL_SECONDS` while nothing new comes, up to a day). Stops at a final
 * status, a cancelled order, or 45 days after the label. Webhook news pushes `next_at` later; a job that
 * comes early is sent again for then.
 */
export async function pollTracking(ctx: AppContext, orderId: string, now = new Date()): Promise<void> {
  const [row] = await ctx.db
    .select({
      poll: trackingPolls,
      status: orders.status,
      trackingStatus: orders.trackingStatus,
      tracking: orders.tracking,
      from: { city: orders.fromCity, state: orders.fromState },
      to: { city: orders.toCity, state: orders.toState },
      labelTypeUid: labelTypes.uid,
      provider: providers,
      upstreamId: labelPurchases.upstreamId,
    })
    .from(trackingPolls)
    .innerJoin(orders, eq(orders.id, trackingPolls.orderId))
    .innerJoin(labelTypes, eq(labelTypes.id, orders.labelTypeId))
    .leftJoin(providers, eq(providers.id, orders.providerId))
    .leftJoin(
      labelPurchases,
      and(eq(labelPurchases.orderId, orders.id), eq(labelPurchases.providerId, orders.providerId)),
    )
    .where(eq(trackingPolls.orderId, orderId));
  if (!row) return;
  const { poll } = row;
  const stop = () => ctx.db.delete(trackingPolls).where(eq(trackingPolls.orderId, orderId));
  if (
    row.status !== 'completed' ||
    !row.tracking ||
    isFinalTrackingStatus(row.trackingStatus) ||
    now.getTime() - poll.startedAt.getTime() > POLL_FOR_MS
  )
    return void (await stop());
  if (poll.nextAt.getTime() > now.getTime() + 500)
    return ctx.jobs.sendInTransaction<TrackingJobData>(ctx.db, TRACKING_QUEUE, [{ orderId }], {
      startAfter: poll.nextAt,
    });

  const stepMs = ctx.config.tracking.testStepMs;
  let events: IncomingTrackingEvent[];
  let source: string;
  if (!row.provider) {
    events = testWalkEvents(poll.startedAt, now, stepMs, { from: row.from, to: row.to });
    source = 'test';
  } else {
    source = row.provider.kind;
    const client = (await ctx.providers.clientsFor([row.provider.id])).get(row.provider.id);
    const query = {
      upstreamId: row.upstreamId,
      tracking: row.tracking,
      carrier: carrierOfUid(row.labelTypeUid),
    };
    events = await (client ? client.trackingEvents(query) : Promise.resolve([])).catch((err: unknown) => {
      ctx.log.warn({ err, orderId }, 'tracking lookup failed; asking again later');
      return [];
    });
  }
  await ctx.db.transaction(async (tx) => {
    const applied = await applyTrackingEvents(ctx, { orderId, source, events }, tx);
    if (isFinalTrackingStatus(applied.status)) return;
    let nextAt: Date;
    let intervalSeconds = poll.intervalSeconds;
    if (!row.provider) {
      const steps = Math.floor((now.getTime() - poll.startedAt.getTime()) / stepMs) + 1;
      nextAt = new Date(poll.startedAt.getTime() + steps * stepMs);
    } else {
      const firstMs = ctx.config.tracking.pollMs;
      const gapMs = applied.added > 0 ? firstMs : Math.min(poll.intervalSeconds * 2000, MAX_POLL_MS);
      intervalSeconds = secondsOf(gapMs);
      nextAt = new Date(now.getTime() + gapMs);
    }
    await tx.update(trackingPolls).set({ nextAt, intervalSeconds }).where(eq(trackingPolls.orderId, orderId));
    await ctx.jobs.sendInTransaction<TrackingJobData>(tx, TRACKING_QUEUE, [{ orderId }], {
      startAfter: nextAt,
    });
  });
}

/** Works this instance's tracking jobs (main.ts; tests start them when they need them). */
export async function startTrackingWorkers(ctx: AppContext): Promise<void> {
  await ctx.jobs.workEach<TrackingJobData>(
    TRACKING_QUEUE,
    async ({ data }) => pollTracking(ctx, data.orderId),
    {
      concurrency: 4,
    },
  );
}
