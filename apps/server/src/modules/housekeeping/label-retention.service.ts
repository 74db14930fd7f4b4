import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getSettings } from '../settings/settings.service.ts';
import { selectLabelFilesMadeBefore } from './label-retention.repository.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Label files removed per transaction. */
const RETENTION_BATCH = 500;

/**
 * Retention (issue 48, decision 336): label files older than the days staff set are removed from the
 * file store; their rows stay marked removed, and the order, its tracking and its money are untouched.
 * Then the sweep deletes the objects they had. How many label files were removed.
 */
export async function runLabelRetention(ctx: AppContext, now = new Date()): Promise<number> {
  const { labelFileRetentionDays } = await getSettings(ctx.db);
  const cutoff = new Date(now.getTime() - labelFileRetentionDays * DAY_MS);
  let removed = 0;
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const ids = await selectLabelFilesMadeBefore(tx, cutoff, RETENTION_BATCH);
      await ctx.files.expire(ids, now, tx);
      return ids.length;
    });
    removed += count;
    if (count < RETENTION_BATCH) break;
  }
  await ctx.files.sweep(now);
  return removed;
}

/** The answer to a download of several labels that retention removed, every one of them: 410. */
export async function selectedLabelFilesRemoved(ctx: AppContext): Promise<AppError> {
  const { labelFileRetentionDays: days } = await getSettings(ctx.db);
  return new AppError(
    'GONE',
    `The files of the selected labels were removed: label files are kept for ${days} days. The orders and their tracking are still here.`,
  );
}

/** The answer to a download of a label retention removed: 410, saying what happened and what stays. */
export async function labelFileRemoved(ctx: AppContext, removedAt: Date): Promise<AppError> {
  const { labelFileRetentionDays: days } = await getSettings(ctx.db);
  return new AppError(
    'GONE',
    `This label file was removed on ${removedAt.toISOString().slice(0, 10)}: label files are kept for ${days} days. The order and its tracking are still here.`,
  );
}
