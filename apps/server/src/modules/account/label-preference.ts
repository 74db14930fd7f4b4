import type { LabelDpi, LabelPreference } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findLabelPreference, saveLabelPreference } from './account.repository.ts';

/** The label format a download gives when it names none (Account Settings). */
export async function getLabelPreference(ctx: AppContext, userId: string): Promise<LabelPreference> {
  const row = await findLabelPreference(ctx.db, userId);
  if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return { labelFormat: row.labelFormat, labelDpi: row.labelDpi as LabelDpi };
}

export async function setLabelPreference(
  ctx: AppContext,
  userId: string,
  input: LabelPreference,
): Promise<LabelPreference> {
  await saveLabelPreference(ctx.db, userId, input);
  return input;
}
