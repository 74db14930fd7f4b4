import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { PAYMENT_CHECK_QUEUE, type PaymentCheckJobData } from '../../jobs/queues.ts';
import { reconcileHostedInvoice } from './reconcile-invoice.ts';

/** The gap between checks doubles from `PAYMENT_CHECK_SECONDS` up to this. */
const MAX_GAP_MS = 3600_000;

const gapOf = (ctx: Pick<AppContext, 'config'>, attempt: number) =>
  Math.min(MAX_GAP_MS, ctx.config.payments.checkMs * 2 ** Math.max(0, attempt - 1));

/** Sends an invoice's next reconciliation check (its first with the invoice's own transaction). */
export async function schedulePaymentCheck(
  ctx: Pick<AppContext, 'config' | 'jobs'>,
  tx: DbOrTx,
  job: PaymentCheckJobData,
): Promise<void> {
  await ctx.jobs.sendInTransaction<PaymentCheckJobData>(tx, PAYMENT_CHECK_QUEUE, [job], {
    startAfter: new Date(Date.now() + gapOf(ctx, job.attempt)),
  });
}

/**
 * One reconciliation look at an open hosted payment (decision 323): the company is asked, as the webhook
 * and the return would; still open, the next look is sent for later (backoff), until the payment ends.
 */
export async function checkPayment(ctx: AppContext, job: PaymentCheckJobData): Promise<void> {
  const reconciled = await reconcileHostedInvoice(ctx, job.invoiceId);
  if (reconciled.open) await schedulePaymentCheck(ctx, ctx.db, { ...job, attempt: job.attempt + 1 });
}

/** Starts this instance's reconciliation worker (main.ts through startWorkers). */
export async function startPaymentWorkers(ctx: AppContext): Promise<void> {
  await ctx.jobs.work<PaymentCheckJobData>(PAYMENT_CHECK_QUEUE, async ({ data }) => checkPayment(ctx, data), {
    concurrency: 2,
  });
}
