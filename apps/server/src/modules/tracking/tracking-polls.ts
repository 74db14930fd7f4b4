import { carrierOfUid, isFinalTrackingStatus } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { TRACKING_QUEUE, type TrackingJobData } from '../../jobs/queues.ts';
import type { Subscriber } from '../../events/domain-events.ts';
import type { IncomingTrackingEvent } from '../../labels/providers/upstream/provider-tracking.ts';
import { findTrackedOrder } from '../orders/order-records.service.ts';
import { findProvider } from '../providers/providers.service.ts';
import { findPurchaseUpstreamId } from '../purchases/purchases.service.ts';
import { testWalkEvents } from './test-walk.ts';
import { applyTrackingEvents } from './tracking.service.ts';
import { deletePoll, findPoll, insertPolls, setNextPoll } from './tracking.repository.ts';

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
  await insertPolls(tx, rows);
  // One job per first look, for every label it looks at (a batch's test-mode labels share one, its
  // provider labels another), not a job row per label in the store's transaction (decision 347).
  const byTime = new Map<number, string[]>();
  for (const r of rows)
    byTime.set(r.nextAt.getTime(), [...(byTime.get(r.nextAt.getTime()) ?? []), r.orderId]);
  for (const [at, orderIds] of byTime)
    await ctx.jobs.sendInTransaction<TrackingJobData>(tx, TRACKING_QUEUE, [{ orderIds }], {
      startAfter: new Date(at),
    });
}

/** Tracking hears of orders that got their label through the outbox (decision 338) and starts on them. */
export const trackingSubscriber = (ctx: Pick<AppContext, 'config' | 'jobs'>): Subscriber => ({
  hears: ['order.completed'],
  handle: (tx, event) => scheduleTracking(ctx, tx, event.orders),
});

/** Looks taken at once within one job of many orders (a provider's calls wait on its own slots). */
const LOOKS_AT_ONCE = 4;

/**
 * One tracking job: the look at each of its orders. An order whose look failed is sent again on its
 * own, so a retry never looks twice at the orders that went well (each has sent its next look).
 */
export async function pollTrackingJob(ctx: AppContext, data: TrackingJobData): Promise<void> {
  const orderIds = 'orderIds' in data ? data.orderIds : [data.orderId];
  if (orderIds.length === 1) return pollTracking(ctx, orderIds[0]!);
  const failed: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(LOOKS_AT_ONCE, orderIds.length) }, async () => {
      while (next < orderIds.length) {
        const orderId = orderIds[next++]!;
        await pollTracking(ctx, orderId).catch((err: unknown) => {
          ctx.log.warn({ err, orderId }, 'tracking look failed; looking again later');
          failed.push(orderId);
        });
      }
    }),
  );
  if (failed.length > 0)
    await ctx.jobs.sendInTransaction<TrackingJobData>(
      ctx.db,
      TRACKING_QUEUE,
      failed.map((orderId) => ({ orderId })),
      { startAfter: new Date(Date.now() + RETRY_LOOK_MS) },
    );
}

/** How soon an order whose look failed within a job of many is looked at again. */
const RETRY_LOOK_MS = 30_000;

/**
 * One scheduled look at an order's tracking: the test-mode walk's next steps, or the provider's tracking
 * (backoff doubling from `TRACKING_POLL_SECONDS` while nothing new comes, up to a day). Stops at a final
 * status, a cancelled order, or 45 days after the label. Webhook news pushes `next_at` later; a job that
 * comes early is sent again for then.
 */
export async function pollTracking(ctx: AppContext, orderId: string, now = new Date()): Promise<void> {
  const poll = await findPoll(ctx.db, orderId);
  const order = poll && (await findTrackedOrder(ctx.db, orderId));
  if (!poll || !order) return;
  const provider = order.providerId ? await findProvider(ctx.db, order.providerId) : null;
  const row = {
    ...order,
    provider,
    upstreamId: provider ? await findPurchaseUpstreamId(ctx.db, orderId, provider.id) : null,
  };
  const stop = () => deletePoll(ctx.db, orderId);
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
    await setNextPoll(tx, orderId, { nextAt, intervalSeconds });
    await ctx.jobs.sendInTransaction<TrackingJobData>(tx, TRACKING_QUEUE, [{ orderId }], {
      startAfter: nextAt,
    });
  });
}

/** Works this instance's tracking jobs (main.ts; tests start them when they need them). */
export async function startTrackingWorkers(ctx: AppContext): Promise<void> {
  await ctx.jobs.workEach<TrackingJobData>(TRACKING_QUEUE, async ({ data }) => pollTrackingJob(ctx, data), {
    concurrency: 4,
  });
}
