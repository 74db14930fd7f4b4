import type { AppContext } from '../context.ts';
import { cancelAndRefund, generateLabel } from '../modules/orders/label-job.ts';
import { LABEL_FAILED_QUEUE, LABEL_QUEUE, type LabelJobData } from './queues.ts';

/** Starts this instance's job workers (main.ts; tests start them when they need labels made). */
export async function startWorkers(ctx: AppContext): Promise<void> {
  await ctx.jobs.work<LabelJobData>(LABEL_QUEUE, ({ data }) => generateLabel(ctx, data.orderId), {
    concurrency: ctx.config.labelJobs.workers,
  });
  await ctx.jobs.work<LabelJobData>(LABEL_FAILED_QUEUE, async ({ data }) => {
    const refunded = await cancelAndRefund(ctx, data.orderId, 'Label generation failed');
    if (refunded) ctx.log.warn({ orderId: data.orderId }, 'label failed: order cancelled and refunded');
  });
}
