import { startTrackingWorkers } from '../modules/tracking/tracking-polls.ts';
import type { AppContext } from '../context.ts';
import { DeferredLabelError, generateLabels, settleOrRefund } from '../modules/orders/label-job.ts';
import { LABEL_FAILED_QUEUE, LABEL_QUEUE, type LabelJobData } from './queues.ts';

/**
 * The render threads load and compile the label code in the background (a few seconds); labels ordered
 * meanwhile wait in the pool behind the warm-up, and /readyz says when it is done. main.ts starts it once
 * the server listens, so the threads' start does not slow the server's own on a machine with few cores.
 */
export function warmUpLabels(ctx: AppContext): void {
  const warming = performance.now();
  ctx.renderer.warmUp().then(
    () => ctx.log.info(`Label renderer warm in ${Math.round(performance.now() - warming)} ms`),
    (err: unknown) => ctx.log.error({ err }, 'label renderer warm-up failed'),
  );
}

/** Starts this instance's job workers (main.ts; tests start them when they need labels made). */
export async function startWorkers(ctx: AppContext): Promise<void> {
  const { workers, batchSize } = ctx.config.labelJobs;
  const sendLater = (queue: string, orderIds: string[], inMs: number) =>
    ctx.jobs.sendInTransaction<LabelJobData>(
      ctx.db,
      queue,
      orderIds.map((orderId) => ({ orderId })),
      { startAfter: new Date(Date.now() + inMs) },
    );
  await ctx.jobs.workBatches<LabelJobData>(
    LABEL_QUEUE,
    async (jobs) => {
      const failedOrders = await generateLabels(
        ctx,
        jobs.map((job) => job.data.orderId),
      );
      const failedJobs = new Map<string, Error>();
      for (const job of jobs) {
        const error = failedOrders.get(job.data.orderId);
        // A purchase that must wait is sent again for later; this job is done.
        if (error instanceof DeferredLabelError)
          await sendLater(LABEL_QUEUE, [job.data.orderId], error.retryInMs);
        else if (error) failedJobs.set(job.id, error);
      }
      return failedJobs;
    },
    { concurrency: workers, batchSize },
  );
  await startTrackingWorkers(ctx);
  await ctx.jobs.work<LabelJobData>(LABEL_FAILED_QUEUE, async ({ data }) => {
    const outcome = await settleOrRefund(ctx, data.orderId, 'Label generation failed');
    if (outcome instanceof DeferredLabelError) {
      ctx.log.warn(
        { orderId: data.orderId, err: outcome.cause },
        'label failed: waiting to settle its purchase',
      );
      await sendLater(LABEL_FAILED_QUEUE, [data.orderId], outcome.retryInMs);
    } else if (outcome) ctx.log.warn({ orderId: data.orderId }, 'label failed: order cancelled and refunded');
  });
}
