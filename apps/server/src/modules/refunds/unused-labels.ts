import type { UnusedLabelsSetting } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getSettings } from '../settings/settings.service.ts';
import { refundOrder } from './refund-order.ts';
import { findUnusedLabels } from './refunds.repository.ts';

const DAY_MS = 24 * 60 * 60_000;

/** GET /user/unused-labels: what resellers read in Account Settings (decision 283). */
export async function readUnusedLabelsSetting(ctx: AppContext): Promise<UnusedLabelsSetting> {
  const { unusedLabelVoidDays } = await getSettings(ctx.db);
  return { enabled: unusedLabelVoidDays !== null, days: unusedLabelVoidDays };
}

/**
 * The unused-labels setting at work (off by default): each label with no carrier scan N days after
 * its purchase is refunded through the one refund path, so a label bought at a provider is voided there
 * first and credited once when the provider confirms. A label the rules refuse is left alone.
 */
export async function voidUnusedLabels(
  ctx: AppContext,
  options: { now?: Date; limit?: number } = {},
): Promise<{ asked: number; refused: number }> {
  const { unusedLabelVoidDays: days } = await getSettings(ctx.db);
  if (days === null) return { asked: 0, refused: 0 };
  const now = options.now ?? new Date();
  const labels = await findUnusedLabels(ctx.db, {
    boughtBefore: new Date(now.getTime() - days * DAY_MS),
    now,
    limit: options.limit ?? 100,
  });
  const tally = { asked: 0, refused: 0 };
  for (const { id } of labels) {
    try {
      const outcome = await refundOrder(ctx, {
        orderId: id,
        reason: `Unused label: no carrier scan ${days} days after purchase`,
        from: ['completed'],
        now,
      });
      if (outcome) tally.asked++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      tally.refused++;
      ctx.log.info({ orderId: id, reason: error.message }, 'unused label not voided');
    }
  }
  return tally;
}
