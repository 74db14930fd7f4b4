import { centsToDollars, type CashappInfo, type DepositOptions } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { StoredFile } from '../../files/index.ts';
import { hostedMethods } from '../payments/payments.service.ts';
import { cashappQrPath } from './admin-settings.service.ts';
import { getSettings } from './settings.service.ts';

/**
 * GET /website/deposit-options: the limits and methods the deposit modal offers: the manual methods staff
 * enabled and those a payment provider serves (with the surcharge paid on top, issue 44).
 */
export async function depositOptions(ctx: AppContext): Promise<DepositOptions> {
  const s = await getSettings(ctx.db);
  const hosted = await hostedMethods(ctx);
  const methods = [...new Set([...s.enabledPaymentMethods, ...hosted.map((h) => h.method)])];
  return {
    minDeposit: centsToDollars(s.minDepositCents),
    maxDeposit: centsToDollars(s.maxDepositCents),
    methods,
    paypalInstructions: s.paypalInstructions,
    hosted,
  };
}

/** GET /website/get-cashapp: the CashApp tag and where its QR image loads from. */
export async function cashappInfo(ctx: AppContext): Promise<CashappInfo> {
  const s = await getSettings(ctx.db);
  return { cashappId: s.cashappTag, qr: cashappQrPath(s.cashappQrFileId) };
}

/** The current CashApp QR image; any other stored file, or an old QR, is not found. */
export async function readCashappQr(ctx: AppContext, fileId: string): Promise<StoredFile> {
  const { cashappQrFileId } = await getSettings(ctx.db);
  const file = cashappQrFileId === fileId ? await ctx.files.get(cashappQrFileId) : null;
  if (!file) throw AppError.notFound('Not found');
  return file;
}
