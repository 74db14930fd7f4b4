import type { AppContext } from '../../context.ts';
import { HOUSEKEEPING_QUEUE, LABEL_RETENTION_QUEUE } from '../../jobs/index.ts';
import { runHousekeeping } from './housekeeping.service.ts';
import { runLabelRetention } from './label-retention.service.ts';

/** Every 15 minutes, once across instances. */
export const HOUSEKEEPING_CRON = '*/15 * * * *';
/** Label file retention: once a day, at a quiet hour (UTC). */
export const LABEL_RETENTION_CRON = '40 3 * * *';

/** Schedules housekeeping and works its jobs in this instance (any instance may take a run). */
export async function startHousekeeping(ctx: AppContext): Promise<void> {
  await ctx.jobs.work(HOUSEKEEPING_QUEUE, async () => {
    const deleted = await runHousekeeping(ctx.db);
    // Objects written for a transaction that never committed, or no longer pointed at (decision 335).
    const orphanFiles = await ctx.files.sweep();
    ctx.log.info({ deleted, orphanFiles }, 'housekeeping done');
  });
  await ctx.jobs.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON);
  await ctx.jobs.work(LABEL_RETENTION_QUEUE, async () => {
    const removed = await runLabelRetention(ctx);
    ctx.log.info({ removed }, 'label file retention done');
  });
  await ctx.jobs.schedule(LABEL_RETENTION_QUEUE, LABEL_RETENTION_CRON);
}
