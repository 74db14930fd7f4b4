import { browserName, type TwoFactorDevice } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { deleteDevice, listLiveDevices } from './two-factor.repository.ts';

export const DEVICE_NOT_FOUND = 'Remembered device not found';

/** The browsers that skip the code for the account (Account Settings), newest first. */
export async function listRememberedDevices(ctx: AppContext, userId: string): Promise<TwoFactorDevice[]> {
  const rows = await listLiveDevices(ctx.db, userId, new Date());
  return rows.map((row) => ({
    _id: row.id,
    browser: browserName(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Forgets one of the account's remembered devices: that browser is asked for a code at its next sign-in. */
export async function forgetRememberedDevice(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await deleteDevice(ctx.db, userId, id))) throw AppError.notFound(DEVICE_NOT_FOUND);
}
