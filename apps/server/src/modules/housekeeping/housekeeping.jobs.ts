import type { AppContext } from '../../context.ts';
import { HOUSEKEEPING_QUEUE } from '../../jobs/index.ts';
import { runHousekeeping } from './housekeeping.service.ts';

/** Every 15 minutes, once across instances. */
export const HOUSEKEEPING_CRON = '*/15 * * * *';

/** Schedules housekeeping and works its jobs in this instance (any instance may take a run). */
export async function startHousekeeping(ctx: AppContext): Promise<void> {
  await ctx.jobs.work(HOUSEKEEPING_QUEUE, async () => {
    const deleted = await runHousekeeping(ctx.db);
    ctx.log.info({ deleted }, 'housekeeping done');
  });
  await ctx.jobs.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON);
}
