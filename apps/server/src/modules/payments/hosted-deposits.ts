import {
  centsToDollars,
  DEPOSIT_METHOD_LABELS,
  formatCents,
  METHODS_OF_KIND,
  surchargeCents,
  type HostedMethod,
  type HostedMethodView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, PAYMENTS_ACTOR } from '../audit/audit.service.ts';
import { depositReturnPath } from './payment-paths.ts';
import { gatewayFor, gatewayOrNull } from './payment-provider-records.ts';
import {
  enabledPaymentProviders,
  findOpenHosted,
  sumHostedSince,
  updateInvoice,
  userCreatedAt,
  type HostedInvoiceRow,
  type PaymentProviderRow,
} from './payments.repository.ts';

/** How long the payer has on the hosted page (Stripe takes 30 minutes to a day). */
export const CHECKOUT_MINUTES = 35;
const DAY_MS = 24 * 3600_000;
const WEEK_MS = 7 * DAY_MS;

/** The enabled provider that takes a method's deposits (the oldest), or null: the method stays manual. */
export async function hostedProviderFor(
  ctx: AppContext,
  method: string,
  db: DbOrTx = ctx.db,
): Promise<PaymentProviderRow | null> {
  for (const row of await enabledPaymentProviders(db))
    if ((METHODS_OF_KIND[row.kind] as readonly string[]).includes(method) && gatewayOrNull(ctx, row))
      return row;
  return null;
}

/** The methods providers serve on the Add balance form, each with its surcharge. */
export async function hostedMethods(ctx: AppContext): Promise<HostedMethodView[]> {
  const seen = new Map<HostedMethod, HostedMethodView>();
  for (const row of await enabledPaymentProviders(ctx.db)) {
    if (!gatewayOrNull(ctx, row)) continue;
    for (const method of METHODS_OF_KIND[row.kind])
      if (!seen.has(method))
        seen.set(method, {
          method,
          label: DEPOSIT_METHOD_LABELS[method],
          surchargePercent: row.feeMode === 'surcharge' ? Number(row.surchargePercent) : 0,
          surchargeFixed: row.feeMode === 'surcharge' ? centsToDollars(row.surchargeFixedCents) : 0,
        });
  }
  return [...seen.values()];
}

const chargeOf = (provider: PaymentProviderRow, amountCents: number) =>
  amountCents +
  surchargeCents(amountCents, {
    feeMode: provider.feeMode,
    surchargePercent: Number(provider.surchargePercent),
    surchargeFixedCents: provider.surchargeFixedCents,
  });

/**
 * The hosted fields of a new invoice, inside the transaction that holds the reseller's invoice lock: one
 * open hosted payment per method, the provider's daily and first-week limits (decision 323).
 */
export async function hostedInvoiceFields(
  ctx: AppContext,
  tx: DbOrTx,
  input: { provider: PaymentProviderRow; userId: string; method: HostedMethod; amountCents: number },
) {
  const { provider, userId, amountCents } = input;
  const label = DEPOSIT_METHOD_LABELS[input.method];
  const open = await findOpenHosted(tx, userId, input.method);
  if (open)
    throw new AppError(
      'CONFLICT',
      `You already have a ${label} payment open (${open.note}): finish it on its page, or wait until it expires`,
    );
  const now = Date.now();
  if (provider.dailyLimitCents !== null) {
    const used = await sumHostedSince(tx, userId, provider.id, new Date(now - DAY_MS));
    if (used + amountCents > provider.dailyLimitCents)
      throw AppError.fieldError(
        'amount',
        `${label} deposits are limited to ${formatCents(provider.dailyLimitCents)} a day: you can add up to ${formatCents(Math.max(0, provider.dailyLimitCents - used))} more today`,
      );
  }
  const joined = await userCreatedAt(tx, userId);
  if (provider.firstWeekLimitCents !== null && joined && now - joined.getTime() < WEEK_MS) {
    const used = await sumHostedSince(tx, userId, provider.id, joined);
    if (used + amountCents > provider.firstWeekLimitCents)
      throw AppError.fieldError(
        'amount',
        `New accounts can add up to ${formatCents(provider.firstWeekLimitCents)} by ${label} in their first week: you can add up to ${formatCents(Math.max(0, provider.firstWeekLimitCents - used))} more`,
      );
  }
  return {
    providerId: provider.id,
    chargeCents: chargeOf(provider, amountCents),
    expiresAt: new Date(now + CHECKOUT_MINUTES * 60_000),
  };
}

/**
 * Opens the company's checkout for a new hosted invoice (its id is the idempotency key, so a retried
 * create makes one checkout) and stores its reference and page. A checkout that cannot be opened cancels
 * the invoice, and the reseller is told to try again.
 */
export async function openCheckout(
  ctx: AppContext,
  input: { provider: PaymentProviderRow; invoice: HostedInvoiceRow; origin: string },
): Promise<HostedInvoiceRow> {
  const { provider, invoice } = input;
  const base = ctx.config.publicUrl ?? input.origin;
  try {
    const checkout = await gatewayFor(ctx, provider).createCheckout({
      invoiceId: invoice.id,
      note: invoice.note,
      chargeCents: invoice.chargeCents!,
      currency: 'USD',
      description: `LabelPort balance ${formatCents(invoice.amountCents)}`,
      returnUrl: new URL(depositReturnPath(invoice.id, 'paid'), base).href,
      cancelUrl: new URL(depositReturnPath(invoice.id, 'cancelled'), base).href,
      expiresAt: invoice.expiresAt!,
      idempotencyKey: `checkout:${invoice.id}`,
    });
    return await updateInvoice(ctx.db, invoice.id, {
      reference: checkout.reference,
      hostedUrl: checkout.hostedUrl,
      expiresAt: checkout.expiresAt,
    });
  } catch (err) {
    ctx.log.error({ err, invoiceId: invoice.id, providerId: provider.id }, 'opening a checkout failed');
    await ctx.db.transaction(async (tx) => {
      await updateInvoice(tx, invoice.id, {
        status: 'cancelled',
        cancelReason: 'The payment page could not be opened',
        decidedAt: new Date(),
      });
      await recordAudit(tx, {
        actor: PAYMENTS_ACTOR,
        action: 'invoice.checkout_failed',
        targetType: 'invoice',
        targetId: invoice.id,
        after: { status: 'cancelled', provider: provider.id },
      });
    });
    throw new AppError(
      'UNAVAILABLE',
      `${DEPOSIT_METHOD_LABELS[invoice.paymentMethod as HostedMethod] ?? 'The'} payments could not be started right now, please try again in a minute`,
    );
  }
}
