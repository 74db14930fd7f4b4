import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  type AdminSettingsBody,
  type AdminSettingsView,
  type AppSettings,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { getSettings, saveSettings } from './settings.service.ts';

export const QR_MAX_BYTES = 2 * 1024 * 1024;
/** Where resellers' browsers load the CashApp QR from: our own origin, never a staff-typed URL. */
export const cashappQrPath = (fileId: string | null): string =>
  fileId ? `/api/v1/website/cashapp-qr/${fileId}` : '';

export const toSettingsView = (settings: AppSettings): AdminSettingsView => ({
  cashappTag: settings.cashappTag,
  cashappQr: cashappQrPath(settings.cashappQrFileId),
  paypalInstructions: settings.paypalInstructions,
  enabledPaymentMethods: settings.enabledPaymentMethods,
  minDeposit: centsToDollars(settings.minDepositCents),
  maxDeposit: centsToDollars(settings.maxDepositCents),
  refundWindowDays: settings.refundWindowDays,
  unusedLabelVoidDays: settings.unusedLabelVoidDays,
  labelFileRetentionDays: settings.labelFileRetentionDays,
});

export async function readAdminSettings(ctx: AppContext): Promise<AdminSettingsView> {
  return toSettingsView(await getSettings(ctx.db));
}

/** PUT /admin/settings: the fields given, checked together (minimum ≤ maximum), with one audit row. */
export async function updateAdminSettings(
  ctx: AppContext,
  options: { actor: StaffActor; body: AdminSettingsBody },
): Promise<AdminSettingsView> {
  const { minDeposit, maxDeposit, ...rest } = options.body;
  const patch: Partial<AppSettings> = { ...rest };
  if (minDeposit !== undefined) patch.minDepositCents = dollarsToCents(minDeposit);
  if (maxDeposit !== undefined) patch.maxDepositCents = dollarsToCents(maxDeposit);
  const after = await ctx.db.transaction(async (tx) => {
    const current = await getSettings(tx);
    const min = patch.minDepositCents ?? current.minDepositCents;
    const max = patch.maxDepositCents ?? current.maxDepositCents;
    if (min > max)
      throw AppError.fieldError('maxDeposit', 'Maximum deposit must be at least the minimum', {
        summary: `Maximum deposit must be at least the minimum (${formatCents(min)})`,
      });
    const saved = await saveSettings(tx, patch);
    const keys = Object.keys(patch) as (keyof AppSettings)[];
    await recordAudit(tx, {
      actor: options.actor,
      action: 'settings.update',
      targetType: 'settings',
      targetId: null,
      before: Object.fromEntries(keys.map((k) => [k, saved.before[k]])),
      after: Object.fromEntries(keys.map((k) => [k, saved.after[k]])),
    });
    return saved.after;
  });
  return toSettingsView(after);
}

/** PNG or JPEG by their first bytes, whatever the upload claims to be. */
export function imageTypeOf(data: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length > 8 && png.every((b, i) => data[i] === b)) return 'image/png';
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return null;
}

/** POST /admin/settings/cashapp-qr (or null to remove it): the QR resellers scan, replacing the old one. */
export async function setCashappQr(
  ctx: AppContext,
  options: { actor: StaffActor; file: { filename: string; data: Uint8Array } | null },
): Promise<AdminSettingsView> {
  const contentType = options.file ? imageTypeOf(options.file.data) : null;
  if (options.file && !contentType)
    throw AppError.fieldError('file', 'The QR code must be a PNG or JPEG image');
  // The image is written before the transaction that records it (decision 335).
  const staged =
    options.file && contentType
      ? await ctx.files.stage([
          {
            userId: null,
            name: contentType === 'image/png' ? 'cashapp-qr.png' : 'cashapp-qr.jpg',
            contentType,
            content: options.file.data,
          },
        ])
      : null;
  const after = await ctx.db.transaction(async (tx) => {
    const fileId = staged ? (await ctx.files.record(staged, tx))[0]! : null;
    const saved = await saveSettings(tx, { cashappQrFileId: fileId });
    if (saved.before.cashappQrFileId) await ctx.files.remove(saved.before.cashappQrFileId, tx);
    await recordAudit(tx, {
      actor: options.actor,
      action: fileId ? 'settings.cashapp_qr_upload' : 'settings.cashapp_qr_remove',
      targetType: 'settings',
      targetId: null,
      before: { cashappQrFileId: saved.before.cashappQrFileId },
      after: { cashappQrFileId: fileId, bytes: options.file?.data.length ?? 0 },
    });
    return saved.after;
  });
  return toSettingsView(after);
}
