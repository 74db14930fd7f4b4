import { startTrackingWorkers } from '../modules/tracking/tracking-polls.ts';
import { startPaymentWorkers } from '../modules/payments/payments.service.ts';
import type { AppContext } from '../context.ts';
import { loadLabelMerging } from '../labels/files/merge-in-layout.ts';
import {
  DeferredLabelError,
  generateLabels,
  finishPurchaseOrRefund,
} from '../modules/purchases/purchases.service.ts';
import { startOutboxSweep } from '../events/outbox.ts';
import { LABEL_FAILED_QUEUE, LABEL_QUEUE, type LabelJobData } from './queues.ts';

/**
 * The render threads load and compile the label code in the background (a few seconds); labels ordered
 * meanwhile wait in the pool behind the warm-up. Then this process loads the PDF merge code for merged
 * downloads. /readyz says when both are done. main.ts starts it once the server listens, so neither slows
 * the server's own start on a machine with few cores.
 */
export function warmUpLabels(ctx: AppContext): void {
  const warming = performance.now();
  (async () => {
    await ctx.renderer.warmUp();
    await loadLabelMerging();
  })().then(
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
    async (jobs, completeJob) => {
      const jobsOf = new Map<string, string[]>();
      for (const job of jobs) jobsOf.set(job.data.orderId, [...(jobsOf.get(job.data.orderId) ?? []), job.id]);
      // Each order's jobs end as soon as its label is stored (or its try failed), not with the batch.
      const completing = new Map<string, Promise<void>>();
      const completeOrderJobs = async (orderId: string, error: Error | null) => {
        // A purchase that must wait is sent again for later; this job is done.
        if (error instanceof DeferredLabelError) await sendLater(LABEL_QUEUE, [orderId], error.retryInMs);
        const failure = error instanceof DeferredLabelError ? undefined : (error ?? undefined);
        for (const jobId of jobsOf.get(orderId) ?? []) completeJob(jobId, failure);
      };
      const failedOrders = await generateLabels(ctx, [...jobsOf.keys()], (orderId, error) => {
        if (!completing.has(orderId)) completing.set(orderId, completeOrderJobs(orderId, error));
      });
      // An order whose job could not be sent again fails with the batch's other open jobs (retried).
      await Promise.all(completing.values());
      const failedJobs = new Map<string, Error>();
      for (const [orderId, error] of failedOrders) {
        if (completing.has(orderId)) continue;
        if (error instanceof DeferredLabelError) await sendLater(LABEL_QUEUE, [orderId], error.retryInMs);
        else for (const jobId of jobsOf.get(orderId) ?? []) failedJobs.set(jobId, error);
      }
      return failedJobs;
    },
    { concurrency: workers, batchSize },
  );
  // What a committing process did not deliver of its domain events, swept once a minute (decision 338).
  await startOutboxSweep(ctx);
  await startTrackingWorkers(ctx);
  await startPaymentWorkers(ctx);
  await ctx.jobs.work<LabelJobData>(LABEL_FAILED_QUEUE, async ({ data }) => {
    const outcome = await finishPurchaseOrRefund(ctx, data.orderId, 'Label generation failed');
    if (outcome instanceof DeferredLabelError) {
      ctx.log.warn(
        { orderId: data.orderId, err: outcome.cause },
        'label failed: waiting for its purchase to finish',
      );
      await sendLater(LABEL_FAILED_QUEUE, [data.orderId], outcome.retryInMs);
    } else if (outcome) ctx.log.warn({ orderId: data.orderId }, 'label failed: order cancelled and refunded');
  });
}
