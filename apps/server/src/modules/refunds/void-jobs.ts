import type { AppContext } from '../../context.ts';
import { REFUND_VOIDS_QUEUE } from '../../jobs/index.ts';
import { voidUnusedLabels } from './unused-labels.ts';
import { checkVoids, type VoidCheckJobData } from './voids.service.ts';

/** Every 5 minutes, once across instances: each void's own backoff decides whether it is asked. */
export const REFUND_VOIDS_CRON = '*/5 * * * *';

/** Schedules the refund poller and the unused-label voids, and works their jobs in this instance. */
export async function startVoidJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.work<VoidCheckJobData>(REFUND_VOIDS_QUEUE, async ({ data }) => {
    // One void's own check (REFUND_VOID_CHECK_SECONDS under the schedule): that void, if still due.
    if (data?.orderId)
      return void (await checkVoids(ctx, {
        orderIds: [data.orderId],
        isDue: true,
        now: new Date(Date.now() + 500),
      }));
    const checked = await checkVoids(ctx);
    const unused = await voidUnusedLabels(ctx);
    if (checked.checked > 0 || unused.asked > 0) ctx.log.info({ checked, unused }, 'refund voids done');
  });
  await ctx.jobs.schedule(REFUND_VOIDS_QUEUE, REFUND_VOIDS_CRON);
}
